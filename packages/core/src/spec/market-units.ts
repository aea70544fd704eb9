import { pow10 } from '../money/decimal.js';
import { exactFraction, exactNumber, type ExactFraction } from '../money/exact-number.js';
import { RATE_SCALE } from '../money/rate.js';
import type { MarketSpec } from './market.js';

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
  /**
   * The same factors as exact doubles (NaN where one does not fit), for the number paths of
   * trading/fees.ts: `mul`, `div` and `lot`; the fee a buy limit order holds per fine unit of
   * notional (maxFeeRate / feeDiv); what a seller keeps per fine unit when it is the maker or the
   * taker ((RATE_SCALE − rate) / feeDiv, 0 when the rate takes everything).
   */
  readonly mulN: number;
  readonly divN: number;
  readonly lotN: number;
  readonly holdFeeRate: ExactFraction;
  readonly makerKeeps: ExactFraction;
  readonly takerKeeps: ExactFraction;
}

/** Per fine unit of notional, what a seller paying fee `rate` receives, in minor units of money. */
function keeps(rate: bigint, feeDiv: bigint): ExactFraction {
  return exactFraction(rate >= RATE_SCALE ? 0n : RATE_SCALE - rate, feeDiv);
}

const cache = new WeakMap<MarketSpec, MarketUnits>();

export function marketUnits(spec: MarketSpec, moneyPrecision: number, stockPrecision: number): MarketUnits {
  let units = cache.get(spec);
  if (units === undefined) {
    const product = spec.moneyPrec + spec.stockPrec;
    const fineScale = Math.max(product, moneyPrecision);
    const div = pow10(fineScale - moneyPrecision);
    const mul = pow10(fineScale - product);
    const lot = pow10(Math.max(0, stockPrecision - spec.stockPrec));
    const feeDiv = div * RATE_SCALE;
    const maxFeeRate = spec.makerFee > spec.takerFee ? spec.makerFee : spec.takerFee;
    units = {
      spec,
      mul,
      div,
      feeDiv,
      divUp: div - 1n,
      feeDivUp: feeDiv - 1n,
      fineScale,
      lot,
      maxFeeRate,
      mulN: exactNumber(mul),
      divN: exactNumber(div),
      lotN: exactNumber(lot),
      holdFeeRate: exactFraction(maxFeeRate, feeDiv),
      makerKeeps: keeps(spec.makerFee, feeDiv),
      takerKeeps: keeps(spec.takerFee, feeDiv),
    };
    cache.set(spec, units);
  }
  return units;
}
