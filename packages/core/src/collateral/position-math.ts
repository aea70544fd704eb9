import type { Position } from '../state/collateral-state.js';

/**
 * How a fill moves a position. Sizes are lots; notionals are exact in the market's fine unit.
 * Increasing adds the fill's notional to the basis. Reducing takes out the basis of the lots closed
 * in proportion — rounded in the venue's favour (up for a long, down for a short), the complement
 * staying in the position, so that over a position's life the basis taken out equals what was put
 * in exactly — and realizes the difference to the fill's notional.
 */
export function increase(pos: Position, delta: number, notional: bigint): void {
  pos.size += delta;
  pos.basis += notional;
}

/** Closes `lots` (≤ |size|) for `notional`; returns the PnL realized. */
export function reduce(pos: Position, lots: number, notional: bigint): bigint {
  const open = Math.abs(pos.size);
  const long = pos.size > 0;
  let taken: bigint;
  if (lots === open) taken = pos.basis;
  else {
    const num = pos.basis * BigInt(lots);
    const den = BigInt(open);
    taken = num / den;
    if (long && taken * den !== num) taken += 1n;
  }
  const realized = long ? notional - taken : taken - notional;
  pos.basis -= taken;
  pos.size += long ? -lots : lots;
  pos.realized += realized;
  return realized;
}

/** The PnL of the open size if it were closed for `value` (same unit as the basis). */
export function unrealized(pos: Position, value: bigint): bigint {
  return pos.size > 0 ? value - pos.basis : pos.basis - value;
}
