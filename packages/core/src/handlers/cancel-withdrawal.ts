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
  const w = state.withdrawals.get(cmd.transactionId);
  if (w === undefined) return reject('UNKNOWN_WITHDRAWAL', { transactionId: cmd.transactionId });
  const user = state.users.get(w.user);
  if (user === undefined) return reject('UNKNOWN_USER', { user: w.user });
  addTo(state.ledger.pendingWithdrawals, w.ticker, -w.debit);
  addTo(user.main, w.ticker, w.debit);
  state.withdrawals.delete(w.transactionId);
  ctx.emit({
    type: 'WithdrawalCancelled',
    transactionId: w.transactionId,
    user: w.user,
    ticker: w.ticker,
    refund: w.debit,
    reason: cmd.reason,
    time: ctx.time,
  });
  return ok({ transactionId: w.transactionId, refund: w.debit });
}
