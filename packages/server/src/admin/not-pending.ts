import { AdminError } from './admin-input.js';
import type { Venue } from '../venue/venue.js';

/** 409 when the withdrawal exists but is finished, 404 when there is no such withdrawal. */
export async function notPending(venue: Venue, transactionId: string): Promise<never> {
  const row = await venue.readDurable((store) =>
    store.db
      .selectFrom('wallet_transactions')
      .select('status')
      .where('transaction_id', '=', transactionId)
      .where('method', '=', 2)
      .executeTakeFirst(),
  );
  if (row === undefined) throw new AdminError('adminNotFound', `Withdrawal ${transactionId} not found.`);
  throw new AdminError('adminConflict', `Withdrawal ${transactionId} is no longer pending (status ${row.status}).`);
}
