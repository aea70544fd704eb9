import { pow10 } from '../money/decimal.js';
import { RATE_SCALE } from '../money/rate.js';
import type { MarketSpec, Price } from '../spec/market.js';
import type { State } from '../state/state.js';

/** The index of a market's stock over the index of its money, in the market's ticks. */
export function indexTicks(state: State, spec: MarketSpec): Price | undefined {
  const stock = state.trading.indexPrices.get(spec.stock);
  const money = state.trading.indexPrices.get(spec.money);
  if (stock === undefined || money === undefined) return undefined;
  return { num: stock * pow10(spec.moneyPrec), den: money };
}

/** a < b for exact prices. */
function below(a: Price, b: Price): boolean {
  return a.num * b.den < b.num * a.den;
}

/**
 * A perpetual's mark price: the median of its best bid, its best ask and its index, i.e. the index
 * held inside the book's spread (a missing side leaves that bound open). Moving it away from the
 * index takes resting orders on both sides beyond it, which a single trader cannot place cheaply;
 * while the book straddles the index, the mark is the index.
 */
export function perpMark(state: State, spec: MarketSpec): Price | undefined {
  const index = indexTicks(state, spec);
  if (index === undefined) return undefined;
  const book = state.trading.markets.get(spec.name)?.book;
  const bid = book?.best('buy')?.price;
  if (bid !== undefined && below(index, { num: BigInt(bid), den: 1n })) return { num: BigInt(bid), den: 1n };
  const ask = book?.best('sell')?.price;
  if (ask !== undefined && below({ num: BigInt(ask), den: 1n }, index)) return { num: BigInt(ask), den: 1n };
  return index;
}

/**
 * The premium of a perpetual over its index, (mark − index) / index, over RATE_SCALE and truncated
 * toward zero; 0 without an index. Positive when the book bids above the index.
 */
export function premium(state: State, spec: MarketSpec): bigint {
  const index = indexTicks(state, spec);
  const mark = perpMark(state, spec);
  if (index === undefined || mark === undefined) return 0n;
  return ((mark.num * index.den - index.num * mark.den) * RATE_SCALE) / (index.num * mark.den);
}
