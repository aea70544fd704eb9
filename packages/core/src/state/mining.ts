/** Where a mining account's rewards go: the owner's main balance, or straight to a Bitcoin address. */
export type PayoutDestination = 'main_balance' | 'external_address';

export const PAYOUT_DESTINATIONS: readonly PayoutDestination[] = ['main_balance', 'external_address'];

/** The pool mines Bitcoin: every reward is paid in this asset. */
export const MINING_REWARD_TICKER = 'BTC';

/** How many mining accounts one user may open. */
export const MAX_MINING_ACCOUNTS_PER_USER = 100;

/** Longest external payout address the API stores (spec §4.9). */
export const MAX_PAYOUT_ADDRESS_LENGTH = 100;

const ACCOUNT_NAME = /^[A-Za-z0-9_]{1,255}$/;

/** Letters, digits and underscores, 1 to 255 of them (reference §8.3). */
export function isMiningAccountName(name: string): boolean {
  return ACCOUNT_NAME.test(name);
}

export interface MiningAccount {
  readonly user: string;
  readonly name: string;
  /** Sequence number of the command that opened it: orders accounts created in the same instant. */
  readonly seq: number;
  /** Microseconds since the Unix epoch. */
  readonly createdAt: number;
  payoutDestination: PayoutDestination;
  /** Set exactly when the destination is `external_address`. */
  externalAddress: string | null;
}

export interface MiningState {
  /** Per user, their accounts by name: names are unique per user, not across users. */
  readonly accounts: Map<string, Map<string, MiningAccount>>;
  /** Id of the next reward; the engine numbers rewards so that replay numbers them alike. */
  nextRewardId: number;
}

export function createMiningState(): MiningState {
  return { accounts: new Map(), nextRewardId: 1 };
}

export function findMiningAccount(mining: MiningState, user: string, name: string): MiningAccount | undefined {
  return mining.accounts.get(user)?.get(name);
}
