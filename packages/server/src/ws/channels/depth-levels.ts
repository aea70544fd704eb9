import type { MarketSpec, State } from '@txc/core';
import { aggregate } from '../../market-data/public-views.js';
import { invalidArgument } from '../protocol.js';

/** The depths a subscription may ask for (websocket spec §6.7). */
export const DEPTH_LIMITS: readonly number[] = [1, 5, 10, 20, 30, 50, 100];

/** The aggregation steps a subscription may ask for; "0" is none. */
export const PRICE_INTERVALS: readonly string[] = [
  '0',
  '0.00000001',
  '0.0000001',
  '0.000001',
  '0.00001',
  '0.0001',
  '0.001',
  '0.01',
  '0.1',
];

/**
 * A price interval as the power of ten of ticks its buckets hold: "0.1" on a market priced in
 * hundredths is 10 ticks (1). An interval finer than the market's tick aggregates nothing (0).
 */
export function aggregationLevel(spec: MarketSpec, interval: string): number {
  if (!PRICE_INTERVALS.includes(interval)) {
    throw invalidArgument(`price_interval must be one of ${PRICE_INTERVALS.join(', ')}`);
  }
  if (interval === '0') return 0;
  const decimals = interval.length - 2;
  return Math.max(0, spec.moneyPrec - decimals);
}

/** One side's visible levels, best first: price (ticks) → lots, in that order. */
export type SideLevels = ReadonlyMap<number, number>;

export interface BookView {
  readonly asks: SideLevels;
  readonly bids: SideLevels;
}

/** The market's visible book (RPI orders left out), aggregated into buckets, at most `limit` a side. */
export function bookView(state: State, spec: MarketSpec, limit: number, level: number): BookView {
  const book = state.trading.markets.get(spec.name)?.book;
  const side = (s: 'buy' | 'sell'): SideLevels => {
    if (book === undefined) return new Map();
    const levels = level === 0 ? book.levels(s, limit) : aggregate(s, book.levels(s, Infinity), level).slice(0, limit);
    return new Map(levels.map((l) => [l.price, l.lots]));
  };
  return { asks: side('sell'), bids: side('buy') };
}

/**
 * What changed from `before` to `after` on one side, as absolute levels: a level gone (or out of the
 * window) reads lots 0; a new or changed level its lots. Best first.
 */
export function sideChanges(before: SideLevels, after: SideLevels, side: 'buy' | 'sell'): [number, number][] {
  const out: [number, number][] = [];
  for (const [price, lots] of after) if (before.get(price) !== lots) out.push([price, lots]);
  for (const price of before.keys()) if (!after.has(price)) out.push([price, 0]);
  return out.sort((a, b) => (side === 'buy' ? b[0] - a[0] : a[0] - b[0]));
}
