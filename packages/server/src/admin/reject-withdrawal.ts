import { optionalString, record } from './admin-input.js';
import type { WithdrawalStatusView } from './admin-operations.js';
import { notPending } from './not-pending.js';
import { WALLET_STATUS } from '../wallet/wallet-status.js';
import type { Venue } from '../venue/venue.js';

/** `POST /admin/v1/withdrawals/:id/reject {reason?}`: returns the amount and fee to the main account. */
export async function rejectWithdrawal(
  venue: Venue,
  transactionId: string,
  input: unknown,
): Promise<WithdrawalStatusView> {
  const body = record(input ?? {}, ['reason']);
  const reason = optionalString(body, 'reason');
  const { result } = await venue.submit({ type: 'CancelWithdrawal', transactionId, reason });
  if (!result.ok) return notPending(venue, transactionId);
  return { transactionId, status: WALLET_STATUS.cancelled };
}
