import { formatUnits, parseUnits } from '@txc/core';
import { AdminError, optionalString, record } from './admin-input.js';
import type { WithdrawalStatusView } from './admin-operations.js';
import { notPending } from './not-pending.js';
import { WALLET_STATUS } from '../wallet/wallet-status.js';
import type { Venue } from '../venue/venue.js';

/** `POST /admin/v1/withdrawals/:id/complete {transactionHash?, processedAmount?}`: pays a withdrawal out. */
export async function completeWithdrawal(
  venue: Venue,
  transactionId: string,
  input: unknown,
): Promise<WithdrawalStatusView> {
  const body = record(input ?? {}, ['transactionHash', 'processedAmount']);
  const transactionHash = optionalString(body, 'transactionHash');
  const pending = venue.state.withdrawals.get(transactionId);
  if (pending === undefined) return notPending(venue, transactionId);
  let processedAmount: bigint | null = null;
  const rawProcessed = body.processedAmount;
  if (rawProcessed !== undefined && rawProcessed !== null) {
    const precision = venue.state.assets.get(pending.ticker)?.precision ?? 0;
    processedAmount = typeof rawProcessed === 'string' ? (parseUnits(rawProcessed, precision) ?? null) : null;
    if (processedAmount === null || processedAmount <= 0n || processedAmount > pending.amount) {
      throw new AdminError(
        'adminBadRequest',
        `processedAmount must be a decimal above 0 and at most the requested ${formatUnits(pending.amount, precision)}.`,
      );
    }
  }
  const { result } = await venue.submit({
    type: 'CompleteWithdrawal',
    transactionId,
    transactionHash,
    processedAmount,
  });
  if (!result.ok) {
    switch (result.rejection.reason) {
      case 'UNKNOWN_WITHDRAWAL':
        return notPending(venue, transactionId);
      case 'WITHDRAWAL_PARTIAL_NOT_ENABLED':
        throw new AdminError('adminConflict', `Withdrawal ${transactionId} was not requested with partialEnable.`);
      default:
        throw new AdminError('adminBadRequest', `processedAmount leaves nothing for the receiver after the fee.`);
    }
  }
  return {
    transactionId,
    status: result.value.partial ? WALLET_STATUS.partiallySuccessful : WALLET_STATUS.successful,
  };
}
