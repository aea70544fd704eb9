import { RATE_SCALE } from '../money/rate.js';
import type { MarketUnits } from './market-units.js';

/** ⌈a / d⌉ for a ≥ 0, d > 0. */
export function ceilDiv(a: bigint, d: bigint): bigint {
  return (a + d - 1n) / d;
}

/**
 * What a buy limit order holds: its notional at its own price, rounded up, plus the largest fee
 * it can owe (the higher of maker and taker), rounded up. Fills at better prices and cumulative
 * rounding (see `buyCost`) never pay more than this.
 */
export function limitBuyHold(u: MarketUnits, priceTicks: number, lots: number): bigint {
  const n = notional(u, priceTicks, lots);
  return (u.div === 1n ? n : (n + u.divUp) / u.div) + (n * u.maxFeeRate + u.feeDivUp) / u.feeDiv;
}

/**
 * ticks × lots in the fine unit. The hot path multiplies as doubles when the product is exact
 * (below 2^53), which saves two bigint allocations per call.
 */
export function notional(u: MarketUnits, priceTicks: number, lots: number): bigint {
  const p = priceTicks * lots;
  const n = p <= Number.MAX_SAFE_INTEGER ? BigInt(p) : BigInt(priceTicks) * BigInt(lots);
  return u.mul === 1n ? n : n * u.mul;
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

/** What a selling order receives for a fill of notional `n`: rounded down, after its fee. */
export function sellProceeds(u: MarketUnits, n: bigint, rate: bigint): bigint {
  return rate >= RATE_SCALE ? 0n : (n * (RATE_SCALE - rate)) / u.feeDiv;
}
