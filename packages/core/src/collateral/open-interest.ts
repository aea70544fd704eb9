import type { State } from '../state/state.js';
import { heldPositions } from './position-holders.js';

/** A perpetual's open interest in lots: the total size of its long positions (equal to its shorts'). */
export function openInterest(state: State, market: string): number {
  let lots = 0;
  for (const [, p] of heldPositions(state.collateral.accounts)) if (p.market === market && p.size > 0) lots += p.size;
  return lots;
}
