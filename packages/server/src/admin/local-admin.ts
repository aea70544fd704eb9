import { deleteSavedState, listSavedStates, loadSavedState, saveState } from './saved-states.js';
import { resetDemo } from './reset-demo.js';
import type { Venue } from '../venue/venue.js';
import type { AdminOperations } from './admin-operations.js';
import { readAuditLog } from './audit-log.js';
import { committedState } from './committed-state.js';
import { completeWithdrawal } from './complete-withdrawal.js';
import { createApiKey } from './create-api-key.js';
import { createUser } from './create-user.js';
import { creditMiningReward } from './credit-mining-reward.js';
import { deposit } from './deposit.js';
import { fundLendingPool } from './fund-lending-pool.js';
import { ledger } from './ledger.js';
import { openMiningAccount } from './open-mining-account.js';
import { pendingWithdrawals } from './pending-withdrawals.js';
import { rejectWithdrawal } from './reject-withdrawal.js';
import { revokeApiKey } from './revoke-api-key.js';
import { setIndexPrice } from './set-index-price.js';
import { setUserFee } from './set-user-fee.js';
import { settleFunding } from './settle-funding.js';
import { showUser } from './show-user.js';

/** The admin operations, applied to a venue in this process: the admin routes and the local CLI call these. */
export class LocalAdmin implements AdminOperations {
  /**
   * `statesDir`: where saved states are kept (the data dir's `states`); `replaced`: told once a saved
   * state was loaded in the venue's place (a load, a reset), for what a test should not carry over.
   */
  constructor(
    private readonly venue: Venue,
    private readonly statesDir: string,
    private readonly replaced: () => void = () => undefined,
  ) {}

  createUser = (input: unknown) => createUser(this.venue, input);
  showUser = (name: string) => showUser(this.venue, name);
  createApiKey = (user: string, input: unknown) => createApiKey(this.venue, user, input);
  revokeApiKey = (apiKey: string) => revokeApiKey(this.venue, apiKey);
  deposit = (input: unknown) => deposit(this.venue, input);
  createMiningAccount = (input: unknown) => openMiningAccount(this.venue, input);
  creditMiningReward = (input: unknown) => creditMiningReward(this.venue, input);
  pendingWithdrawals = () => pendingWithdrawals(this.venue);
  completeWithdrawal = (transactionId: string, input: unknown) => completeWithdrawal(this.venue, transactionId, input);
  rejectWithdrawal = (transactionId: string, input: unknown) => rejectWithdrawal(this.venue, transactionId, input);
  setIndexPrice = (input: unknown) => setIndexPrice(this.venue, input);
  setUserFee = (user: string, input: unknown) => setUserFee(this.venue, user, input);
  fundLendingPool = (input: unknown) => fundLendingPool(this.venue, input);
  settleFunding = (input: unknown) => settleFunding(this.venue, input);
  ledger = () => ledger(this.venue);
  stateHash = () => committedState(this.venue);
  auditLog = (input: unknown) => readAuditLog(this.venue, input);
  listStates = () => Promise.resolve(listSavedStates(this.statesDir));
  saveState = (input: unknown) => saveState(this.venue, this.statesDir, input);
  loadState = (name: string) => this.replacing(loadSavedState(this.venue, this.statesDir, name));
  deleteState = (name: string) => Promise.resolve().then(() => deleteSavedState(this.statesDir, name));
  reset = () => this.replacing(resetDemo(this.venue, this.statesDir));

  private async replacing<T>(loading: Promise<T>): Promise<T> {
    const loaded = await loading;
    this.replaced();
    return loaded;
  }
}
