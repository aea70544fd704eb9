import { pow10 } from '../money/decimal.js';
import { RATE_SCALE } from '../money/rate.js';
import type { MarketSpec } from '../spec/market.js';

/**
 * How a market's integers convert into asset units. A notional price × amount is ticks × lots in
 * units of 10^-(moneyPrec + stockPrec); the *fine* unit is that or the money asset's minor unit,
 * whichever is smaller, so that every notional is exact in it: notional(fine) = ticks × lots × mul,
 * and money minor units = fine / div (rounded by the caller, always in the venue's favour).
 */
export interface MarketUnits {
  readonly spec: MarketSpec;
  readonly mul: bigint;
  readonly div: bigint;
  /** div × RATE_SCALE: the divisor of a fee expressed as notional(fine) × rate. */
  readonly feeDiv: bigint;
  /** div − 1 and feeDiv − 1, for rounding up without allocating them on every call. */
  readonly divUp: bigint;
  readonly feeDivUp: bigint;
  /** Decimal places of the fine unit. */
  readonly fineScale: number;
  /** Stock minor units per lot. */
  readonly lot: bigint;
  readonly maxFeeRate: bigint;
}

const cache = new WeakMap<MarketSpec, MarketUnits>();

export function marketUnits(spec: MarketSpec, moneyPrecision: number, stockPrecision: number): MarketUnits {
  let u = cache.get(spec);
  if (u === undefined) {
    const product = spec.moneyPrec + spec.stockPrec;
    const fineScale = Math.max(product, moneyPrecision);
    const div = pow10(fineScale - moneyPrecision);
    u = {
      spec,
      mul: pow10(fineScale - product),
      div,
      feeDiv: div * RATE_SCALE,
      divUp: div - 1n,
      feeDivUp: div * RATE_SCALE - 1n,
      fineScale,
      lot: pow10(Math.max(0, stockPrecision - spec.stockPrec)),
      maxFeeRate: spec.makerFee > spec.takerFee ? spec.makerFee : spec.takerFee,
    };
    cache.set(spec, u);
  }
  return u;
}
