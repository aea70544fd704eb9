import { formatUnits, receivedAmount } from '@txc/core';
import type { PendingWithdrawalView } from './admin-operations.js';
import type { Venue } from '../venue/venue.js';

/** `GET /admin/v1/withdrawals`: the withdrawals waiting for the operator, oldest first. */
export async function pendingWithdrawals(venue: Venue): Promise<PendingWithdrawalView[]> {
  const state = venue.state;
  const views = [...state.withdrawals.values()]
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((w) => {
      const precision = state.assets.get(w.ticker)?.precision ?? 0;
      return {
        transactionId: w.transactionId,
        user: w.user,
        uniqueId: w.uniqueId,
        ticker: w.ticker,
        network: w.network,
        address: w.address,
        memo: w.memo,
        amount: formatUnits(w.amount, precision),
        fee: formatUnits(w.fee, precision),
        feeMode: w.feeMode,
        payout: formatUnits(receivedAmount(w.feeMode, w.amount, w.fee), precision),
        partialEnable: w.partialEnable,
        createdAt: Math.floor(w.createdAt / 1_000_000),
      };
    });
  await venue.barrier();
  return views;
}
