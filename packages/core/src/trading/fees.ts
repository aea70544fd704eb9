import { ceilDivExact, exact, floorDivExact, type ExactFraction } from '../money/exact-number.js';
import { RATE_SCALE } from '../money/rate.js';
import type { MarketUnits } from '../spec/market-units.js';
import type { Order } from '../state/order.js';

/** ⌈a / d⌉ for a ≥ 0, d > 0. */
export function ceilDiv(a: bigint, d: bigint): bigint {
  return (a + d - 1n) / d;
}

/**
 * What a buy limit order holds: its notional at its own price, rounded up, plus the largest fee
 * it can owe (the higher of maker and taker), rounded up. Fills at better prices and cumulative
 * rounding (see `buyNotionalPaid`, `buyFeePaid`) never pay more than this.
 */
export function limitBuyHold(u: MarketUnits, priceTicks: number, lots: number): bigint {
  const hold = limitBuyHoldNumber(u, notionalNumber(u, priceTicks, lots));
  if (exact(hold)) return BigInt(hold);
  const n = notional(u, priceTicks, lots);
  return (u.div === 1n ? n : (n + u.divUp) / u.div) + (n * u.maxFeeRate + u.feeDivUp) / u.feeDiv;
}

/** limitBuyHold in doubles for an exact notional `n`: the same two roundings up; NaN when a step is not exact. */
function limitBuyHoldNumber(u: MarketUnits, n: number): number {
  const fee = n * u.holdFeeRate.num;
  if (!exact(n) || !exact(fee)) return NaN;
  return ceilDivExact(n, u.divN) + ceilDivExact(fee, u.holdFeeRate.den);
}

/**
 * ticks × lots in the fine unit as a double, exact when `exact` says so. Rounding is monotonic, so
 * a product that does not fit below 2^53 never rounds down into that range.
 */
export function notionalNumber(u: MarketUnits, priceTicks: number, lots: number): number {
  return priceTicks * lots * u.mulN;
}

/** ticks × lots in the fine unit: multiplied as doubles when exact, which allocates one bigint instead of three. */
export function notional(u: MarketUnits, priceTicks: number, lots: number): bigint {
  const n = notionalNumber(u, priceTicks, lots);
  return exact(n) ? BigInt(n) : BigInt(priceTicks) * BigInt(lots) * u.mul;
}

/** Stock minor units of `lots`: multiplied as doubles when exact. */
export function stockUnits(u: MarketUnits, lots: number): bigint {
  const units = lots * u.lotN;
  return exact(units) ? BigInt(units) : BigInt(lots) * u.lot;
}

/** What an order spending `money` (market buy, stop-market buy) holds: the amount plus the taker fee on top. */
export function moneyBuyHold(u: MarketUnits, money: bigint): bigint {
  return money + ceilDiv(money * u.spec.takerFee, RATE_SCALE);
}

/**
 * What a buying order pays for a fill that takes its exact notional from `n0` to `n1` (fine units)
 * and its exact fee from `f0` to `f1` (fine × rate units). Rounding is cumulative over the order:
 * in total it pays ⌈notional⌉ + ⌈fee⌉ of everything it bought, never more than its hold.
 */
export function buyNotionalPaid(u: MarketUnits, n0: bigint, n1: bigint): bigint {
  return u.div === 1n ? n1 - n0 : (n1 + u.divUp) / u.div - (n0 + u.divUp) / u.div;
}

/** The fee charged so far is ⌈f0⌉ (the order's dealFee): only the new total needs dividing. */
export function buyFeePaid(u: MarketUnits, charged: bigint, f1: bigint): bigint {
  return (f1 + u.feeDivUp) / u.feeDiv - charged;
}

/** What a buy that has dealt nothing yet pays for `lots` at `priceTicks` as taker: notional and fee, each rounded up. */
export function firstTakerBuyCost(u: MarketUnits, priceTicks: number, lots: number): bigint {
  const n = notional(u, priceTicks, lots);
  return buyNotionalPaid(u, 0n, n) + buyFeePaid(u, 0n, n * u.spec.takerFee);
}

/** What a selling order receives for a fill of notional `n`: rounded down, after its fee. */
export function sellProceeds(u: MarketUnits, n: bigint, rate: bigint): bigint {
  return rate >= RATE_SCALE ? 0n : (n * (RATE_SCALE - rate)) / u.feeDiv;
}

/** sellProceeds in doubles for an exact notional `n`, with what the seller keeps per fine unit; NaN when not exact. */
export function sellProceedsNumber(n: number, keeps: ExactFraction): number {
  const kept = n * keeps.num;
  return exact(n) && exact(kept) ? floorDivExact(kept, keeps.den) : NaN;
}

/** Whether the taker's budget covers `lots` at `price` (orders that spend their whole hold). */
function affordable(u: MarketUnits, t: Order, price: number, lots: number): boolean {
  const n = notional(u, price, lots);
  const fee = buyFeePaid(u, t.dealFee, t.feeExact + n * u.spec.takerFee);
  return buyNotionalPaid(u, t.dealNotional, t.dealNotional + n) + fee <= t.hold;
}

/** The most of `want` lots at `price` that the taker's hold pays for. */
export function affordableLots(u: MarketUnits, t: Order, price: number, want: number): number {
  if (affordable(u, t, price, want)) return want;
  let lo = 0;
  let hi = want;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (affordable(u, t, price, mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
