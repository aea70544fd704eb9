import type { State } from '../state/state.js';
import { heldPositions } from './position-holders.js';

/** A perpetual's open interest in lots: the total size of its long positions (equal to its shorts'). */
export function openInterest(state: State, market: string): number {
  let lots = 0;
  for (const [, position] of heldPositions(state.collateral.accounts))
    if (position.market === market && position.size > 0) lots += position.size;
  return lots;
}
