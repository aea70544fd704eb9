import type { State } from '../state/state.js';

/** A perpetual's open interest in lots: the total size of its long positions (equal to its shorts'). */
export function openInterest(state: State, market: string): number {
  let lots = 0;
  for (const account of state.collateral.accounts.values()) {
    for (const p of account.positions.values()) if (p.market === market && p.size > 0) lots += p.size;
  }
  return lots;
}
