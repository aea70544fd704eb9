import type { ApplyContext } from '../commands/context.js';
import type { CreditMiningReward, MiningRewardOutcome } from '../commands/mining-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { parseDecimal } from '../money/decimal.js';
import { addTo } from '../state/ledger.js';
import { findMiningAccount, MINING_REWARD_TICKER } from '../state/mining.js';
import { closedToCredits } from '../state/deleted-sub-accounts.js';
import type { State } from '../state/state.js';

function isRate(text: string): boolean {
  const d = parseDecimal(text);
  return d !== undefined && !d.negative;
}

export function creditMiningReward(
  state: State,
  cmd: CreditMiningReward,
  ctx: ApplyContext,
): Result<MiningRewardOutcome> {
  const user = state.users.get(cmd.user);
  if (user === undefined) return reject('UNKNOWN_USER', { user: cmd.user });
  const account = findMiningAccount(state.mining, cmd.user, cmd.account);
  if (account === undefined) return reject('MINING_ACCOUNT_NOT_FOUND', { user: cmd.user, account: cmd.account });
  if (!state.assets.has(MINING_REWARD_TICKER)) return reject('UNKNOWN_ASSET', { ticker: MINING_REWARD_TICKER });
  if (cmd.amount <= 0n) return reject('AMOUNT_NOT_POSITIVE');
  if (cmd.fee < 0n) return reject('MINING_REWARD_FEE_NEGATIVE');
  if (!isRate(cmd.hashRate) || !isRate(cmd.fppsRate)) return reject('MINING_REWARD_RATE_INVALID');
  const external = account.payoutDestination === 'external_address';
  if (external && cmd.txHash === '') return reject('MINING_PAYOUT_HASH_REQUIRED');
  // a reward paid out to an address credits nothing here
  if (!external && closedToCredits(state, cmd.user)) return reject('SUB_ACCOUNT_DELETED', { user: cmd.user });

  const rewardId = state.mining.nextRewardId++;
  if (!external) {
    addTo(user.main, MINING_REWARD_TICKER, cmd.amount);
    addTo(state.ledger.deposited, MINING_REWARD_TICKER, cmd.amount);
  }
  const outcome: MiningRewardOutcome = {
    rewardId,
    payoutDestination: account.payoutDestination,
    payoutAddress: external ? account.externalAddress : null,
    payoutTransactionHash: external ? cmd.txHash : null,
  };
  ctx.emit({
    type: 'MiningRewardCredited',
    ...outcome,
    user: cmd.user,
    account: cmd.account,
    ticker: MINING_REWARD_TICKER,
    amount: cmd.amount,
    fee: cmd.fee,
    hashRate: cmd.hashRate,
    fppsRate: cmd.fppsRate,
    time: ctx.time,
  });
  return ok(outcome);
}
