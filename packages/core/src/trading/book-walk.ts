import { feeRates, type Exec } from './exec-context.js';
import { maxFeeRate } from '../state/user-fees.js';
import type { OrderSide, StpMode } from '../state/order.js';

/** What a market order of `lots` would take from the book now. */
export interface Walk {
  /** Lots the book can fill. */
  readonly lots: number;
  /** Σ lots × price over the levels taken (ticks × lots). */
  readonly tickLots: bigint;
  /** What a buy pays at most for them: notional and the larger of its owner's fee rates, each rounded up. */
  readonly hold: bigint;
}

/**
 * Walks the opposite side as a market order of `lots` would, in priority order, leaving out the
 * owner's own orders when self-trade prevention would not trade with them (so the cost is an upper
 * bound whatever the mode).
 */
export function walkBook(exec: Exec, side: OrderSide, lots: number, user: string, stp: StpMode): Walk {
  const units = exec.units;
  let left = lots;
  let tickLots = 0n;
  for (const resting of exec.market.book.entries(side === 'buy' ? 'sell' : 'buy')) {
    if (left === 0) break;
    if (resting.user === user && stp !== 'no') continue;
    const take = resting.left < left ? resting.left : left;
    tickLots += BigInt(take) * BigInt(resting.price);
    left -= take;
  }
  const fine = tickLots * units.mul;
  const rate = maxFeeRate(feeRates(exec, user));
  const hold = (fine + units.divUp) / units.div + (fine * rate + units.feeDivUp) / units.feeDiv;
  return { lots: lots - left, tickLots, hold };
}
