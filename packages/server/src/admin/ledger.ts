import { formatUnits } from '@txc/core';
import type { LedgerView } from './admin-operations.js';
import type { Venue } from '../venue/venue.js';

/** `GET /admin/v1/ledger`: the venue's own accounts and totals, committed. */
export async function ledger(venue: Venue): Promise<LedgerView> {
  const state = venue.state;
  const render = (m: ReadonlyMap<string, bigint>): Record<string, string> =>
    Object.fromEntries(
      [...m]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([t, v]) => [t, formatUnits(v, state.assets.get(t)?.precision ?? 0)]),
    );
  const l = state.ledger;
  const view: LedgerView = {
    fees: render(l.fees),
    lendingPool: render(l.lendingPool),
    insuranceFund: render(l.insuranceFund),
    pendingWithdrawals: render(l.pendingWithdrawals),
    deposited: render(l.deposited),
    withdrawn: render(l.withdrawn),
  };
  await venue.barrier();
  return view;
}
