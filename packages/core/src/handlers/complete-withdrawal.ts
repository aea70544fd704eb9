import type { ApplyContext } from '../commands/context.js';
import type { CompleteWithdrawal, WithdrawalCompletion } from '../commands/wallet-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { mulDivCeil } from '../money/arithmetic.js';
import { addTo } from '../state/ledger.js';
import type { State } from '../state/state.js';
import { debitOf, receivedAmount } from '../state/withdrawal.js';

export function completeWithdrawal(
  state: State,
  cmd: CompleteWithdrawal,
  ctx: ApplyContext,
): Result<WithdrawalCompletion> {
  const w = state.withdrawals.get(cmd.transactionId);
  if (w === undefined) return reject('UNKNOWN_WITHDRAWAL', { transactionId: cmd.transactionId });
  const user = state.users.get(w.user);
  if (user === undefined) return reject('UNKNOWN_USER', { user: w.user });

  const processed = cmd.processedAmount ?? w.amount;
  const partial = processed !== w.amount;
  if (partial && !w.partialEnable) return reject('WITHDRAWAL_PARTIAL_NOT_ENABLED');
  if (processed <= 0n || processed > w.amount) return reject('WITHDRAWAL_PARTIAL_AMOUNT');
  const processedFee = partial ? mulDivCeil(w.fee, processed, w.amount) : w.fee;
  const received = receivedAmount(w.feeMode, processed, processedFee);
  if (received <= 0n) return reject('WITHDRAWAL_PARTIAL_AMOUNT');
  const refund = w.debit - debitOf(w.feeMode, processed, processedFee);

  addTo(state.ledger.pendingWithdrawals, w.ticker, -w.debit);
  addTo(state.ledger.withdrawn, w.ticker, received);
  if (processedFee > 0n) addTo(state.ledger.fees, w.ticker, processedFee);
  if (refund > 0n) addTo(user.main, w.ticker, refund);
  state.withdrawals.delete(w.transactionId);
  ctx.emit({
    type: 'WithdrawalCompleted',
    transactionId: w.transactionId,
    user: w.user,
    ticker: w.ticker,
    transactionHash: cmd.transactionHash,
    partial: partial ? { requestAmount: w.amount, processedAmount: processed, processedFee, refund } : null,
    time: ctx.time,
  });
  return ok({ transactionId: w.transactionId, partial });
}
