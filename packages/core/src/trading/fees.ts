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
 * it can owe (the higher of its owner's maker and taker rates, the market's by default), rounded
 * up. Fills at better prices and cumulative rounding (see `buyNotionalPaid`, `buyFeePaid`) never
 * pay more than this.
 */
export function limitBuyHold(
  units: MarketUnits,
  priceTicks: number,
  lots: number,
  maxRate: bigint = units.maxFeeRate,
): bigint {
  // the market's own rate has its factors ready as doubles; a user's own rate takes the bigint way
  if (maxRate === units.maxFeeRate) {
    const hold = limitBuyHoldNumber(units, notionalNumber(units, priceTicks, lots));
    if (exact(hold)) return BigInt(hold);
  }
  const exactNotional = notional(units, priceTicks, lots);
  const notionalUp = units.div === 1n ? exactNotional : (exactNotional + units.divUp) / units.div;
  return notionalUp + (exactNotional * maxRate + units.feeDivUp) / units.feeDiv;
}

/** limitBuyHold in doubles for an exact notional: the same two roundings up; NaN when a step is not exact. */
function limitBuyHoldNumber(units: MarketUnits, notionalAsNumber: number): number {
  const fee = notionalAsNumber * units.holdFeeRate.num;
  if (!exact(notionalAsNumber) || !exact(fee)) return NaN;
  return ceilDivExact(notionalAsNumber, units.divN) + ceilDivExact(fee, units.holdFeeRate.den);
}

/**
 * ticks × lots in the fine unit as a double, exact when `exact` says so. Rounding is monotonic, so
 * a product that does not fit below 2^53 never rounds down into that range.
 */
export function notionalNumber(units: MarketUnits, priceTicks: number, lots: number): number {
  return priceTicks * lots * units.mulN;
}

/** ticks × lots in the fine unit: multiplied as doubles when exact, which allocates one bigint instead of three. */
export function notional(units: MarketUnits, priceTicks: number, lots: number): bigint {
  const asNumber = notionalNumber(units, priceTicks, lots);
  return exact(asNumber) ? BigInt(asNumber) : BigInt(priceTicks) * BigInt(lots) * units.mul;
}

/** Stock minor units of `lots`: multiplied as doubles when exact. */
export function stockUnits(units: MarketUnits, lots: number): bigint {
  const minor = lots * units.lotN;
  return exact(minor) ? BigInt(minor) : BigInt(lots) * units.lot;
}

/** What an order spending `money` (market buy, stop-market buy) holds: the amount plus the taker fee on top. */
export function moneyBuyHold(units: MarketUnits, money: bigint, takerRate: bigint = units.spec.takerFee): bigint {
  return money + ceilDiv(money * takerRate, RATE_SCALE);
}

/**
 * What a buying order pays for a fill that takes its exact notional from `before` to `after` (fine
 * units), and its fee likewise (fine × rate units: see buyFeePaid). Rounding is cumulative over the order:
 * in total it pays ⌈notional⌉ + ⌈fee⌉ of everything it bought, never more than its hold.
 */
export function buyNotionalPaid(units: MarketUnits, before: bigint, after: bigint): bigint {
  return units.div === 1n ? after - before : (after + units.divUp) / units.div - (before + units.divUp) / units.div;
}

/** The fee charged so far (the order's dealFee) is its exact fee before the fill rounded up: only the new exact total needs dividing. */
export function buyFeePaid(units: MarketUnits, charged: bigint, exactFee: bigint): bigint {
  return (exactFee + units.feeDivUp) / units.feeDiv - charged;
}

/** What a buy that has dealt nothing yet pays for `lots` at `priceTicks` as taker: notional and fee, each rounded up. */
export function firstTakerBuyCost(
  units: MarketUnits,
  priceTicks: number,
  lots: number,
  takerRate: bigint = units.spec.takerFee,
): bigint {
  const exactNotional = notional(units, priceTicks, lots);
  return buyNotionalPaid(units, 0n, exactNotional) + buyFeePaid(units, 0n, exactNotional * takerRate);
}

/** What a selling order receives for a fill of an exact notional: rounded down, after its fee. */
export function sellProceeds(units: MarketUnits, exactNotional: bigint, rate: bigint): bigint {
  return rate >= RATE_SCALE ? 0n : (exactNotional * (RATE_SCALE - rate)) / units.feeDiv;
}

/** sellProceeds in doubles for an exact notional, with what the seller keeps per fine unit; NaN when not exact. */
export function sellProceedsNumber(notionalAsNumber: number, keeps: ExactFraction): number {
  const kept = notionalAsNumber * keeps.num;
  return exact(notionalAsNumber) && exact(kept) ? floorDivExact(kept, keeps.den) : NaN;
}

/** Whether the taker's budget covers `lots` at `price` at its taker rate (orders that spend their whole hold). */
function affordable(units: MarketUnits, taker: Order, price: number, lots: number, takerRate: bigint): boolean {
  const exactNotional = notional(units, price, lots);
  const fee = buyFeePaid(units, taker.dealFee, taker.feeExact + exactNotional * takerRate);
  return buyNotionalPaid(units, taker.dealNotional, taker.dealNotional + exactNotional) + fee <= taker.hold;
}

/** The most of `want` lots at `price` that the taker's hold pays for, at its owner's taker rate. */
export function affordableLots(
  units: MarketUnits,
  taker: Order,
  price: number,
  want: number,
  takerRate: bigint = units.spec.takerFee,
): number {
  if (affordable(units, taker, price, want, takerRate)) return want;
  let lo = 0;
  let hi = want;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (affordable(units, taker, price, mid, takerRate)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
