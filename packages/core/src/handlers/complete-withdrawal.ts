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
  const withdrawal = state.withdrawals.get(cmd.transactionId);
  if (withdrawal === undefined) return reject('UNKNOWN_WITHDRAWAL', { transactionId: cmd.transactionId });
  const user = state.users.get(withdrawal.user);
  if (user === undefined) return reject('UNKNOWN_USER', { user: withdrawal.user });

  const processed = cmd.processedAmount ?? withdrawal.amount;
  const partial = processed !== withdrawal.amount;
  if (partial && !withdrawal.partialEnable) return reject('WITHDRAWAL_PARTIAL_NOT_ENABLED');
  if (processed <= 0n || processed > withdrawal.amount) return reject('WITHDRAWAL_PARTIAL_AMOUNT');
  const processedFee = partial ? mulDivCeil(withdrawal.fee, processed, withdrawal.amount) : withdrawal.fee;
  const received = receivedAmount(withdrawal.feeMode, processed, processedFee);
  if (received <= 0n) return reject('WITHDRAWAL_PARTIAL_AMOUNT');
  const refund = withdrawal.debit - debitOf(withdrawal.feeMode, processed, processedFee);

  addTo(state.ledger.pendingWithdrawals, withdrawal.ticker, -withdrawal.debit);
  addTo(state.ledger.withdrawn, withdrawal.ticker, received);
  if (processedFee > 0n) addTo(state.ledger.fees, withdrawal.ticker, processedFee);
  if (refund > 0n) addTo(user.main, withdrawal.ticker, refund);
  state.withdrawals.delete(withdrawal.transactionId);
  ctx.emit({
    type: 'WithdrawalCompleted',
    transactionId: withdrawal.transactionId,
    user: withdrawal.user,
    ticker: withdrawal.ticker,
    transactionHash: cmd.transactionHash,
    partial: partial ? { requestAmount: withdrawal.amount, processedAmount: processed, processedFee, refund } : null,
    time: ctx.time,
  });
  return ok({ transactionId: withdrawal.transactionId, partial });
}
