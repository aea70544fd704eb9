import type { ApplyContext } from '../commands/context.js';
import type { CancelWithdrawal } from '../commands/wallet-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { addTo } from '../state/ledger.js';
import type { State } from '../state/state.js';

export function cancelWithdrawal(
  state: State,
  cmd: CancelWithdrawal,
  ctx: ApplyContext,
): Result<{ transactionId: string; refund: bigint }> {
  const withdrawal = state.withdrawals.get(cmd.transactionId);
  if (withdrawal === undefined) return reject('UNKNOWN_WITHDRAWAL', { transactionId: cmd.transactionId });
  const user = state.users.get(withdrawal.user);
  if (user === undefined) return reject('UNKNOWN_USER', { user: withdrawal.user });
  addTo(state.ledger.pendingWithdrawals, withdrawal.ticker, -withdrawal.debit);
  addTo(user.main, withdrawal.ticker, withdrawal.debit);
  state.withdrawals.delete(withdrawal.transactionId);
  ctx.emit({
    type: 'WithdrawalCancelled',
    transactionId: withdrawal.transactionId,
    user: withdrawal.user,
    ticker: withdrawal.ticker,
    refund: withdrawal.debit,
    reason: cmd.reason,
    time: ctx.time,
  });
  return ok({ transactionId: withdrawal.transactionId, refund: withdrawal.debit });
}
