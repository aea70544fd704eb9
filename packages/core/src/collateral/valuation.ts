import { pow10 } from '../money/decimal.js';
import type { MarketSpec, Price } from '../spec/market.js';
import type { State } from '../state/state.js';
import { INDEX_PRICE_DECIMALS } from '../state/trading-state.js';
import { indexTicks, perpMark } from '../funding/mark-price.js';

/**
 * The collateral account is valued in USDT, exactly: a value is an integer of 10^-VALUE_DECIMALS
 * USDT. An amount of minor units times an index price (USDT over 10^18) is exact at this scale for
 * every asset precision up to 18, so sums over assets need no rounding.
 */
export const VALUE_DECIMALS = 36;

/** v × 10^exp, rounding a division down, or up when `up`. */
export function scaleBy(v: bigint, exp: number, up: boolean): bigint {
  if (exp >= 0) return exp === 0 ? v : v * pow10(exp);
  return divide(v, pow10(-exp), up);
}

/** n / d (d ≠ 0), rounded down, or up when `up`, whatever the signs (a short's figures divide by negatives). */
export function divide(n: bigint, d: bigint, up: boolean): bigint {
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const q = n / d;
  if (q * d === n) return q;
  if (up) return n > 0n ? q + 1n : q;
  return n < 0n ? q - 1n : q;
}

export function indexPrice(state: State, ticker: string): bigint | undefined {
  return state.trading.indexPrices.get(ticker);
}

/** The value of `minor` units of an asset at its index price; undefined while it has none. */
export function assetValue(state: State, ticker: string, minor: bigint): bigint | undefined {
  const index = state.trading.indexPrices.get(ticker);
  const asset = state.assets.get(ticker);
  if (index === undefined || asset === undefined) return undefined;
  return minor * index * pow10(VALUE_DECIMALS - INDEX_PRICE_DECIMALS - asset.precision);
}

/**
 * The price a market's positions are valued at: their PnL, margin, liquidation price and funding.
 * A spot pair's is its index (stock index over money index); a perpetual's is its mark price.
 */
export function markPrice(state: State, spec: MarketSpec): Price | undefined {
  return spec.type === 'futures' ? perpMark(state, spec) : indexTicks(state, spec);
}

/** The value of `lots` of a market at `price` ticks; undefined while its money asset has no index. */
export function lotsValue(state: State, spec: MarketSpec, lots: bigint, price: Price, up: boolean): bigint | undefined {
  const money = state.trading.indexPrices.get(spec.money);
  if (money === undefined) return undefined;
  const exp = VALUE_DECIMALS - INDEX_PRICE_DECIMALS - spec.stockPrec - spec.moneyPrec;
  return divide(scaleBy(lots * price.num * money, exp, up), price.den, up);
}

/** A tick price as a Price. */
export function ticks(t: number | bigint): Price {
  return { num: BigInt(t), den: 1n };
}

/** The value of an amount of the market's fine unit (10^-fineScale money). */
export function fineValue(
  state: State,
  spec: MarketSpec,
  fineScale: number,
  fine: bigint,
  up: boolean,
): bigint | undefined {
  const money = state.trading.indexPrices.get(spec.money);
  if (money === undefined) return undefined;
  return scaleBy(fine * money, VALUE_DECIMALS - INDEX_PRICE_DECIMALS - fineScale, up);
}
