import type { MarketSpec, State } from '@txc/core';
import type { WindowStats } from '../../market-data/rolling-stats.js';
import { ROLE_TAKER } from '../../venue/projection/projector.js';
import type { StreamContext } from '../channel.js';
import { marketTexts } from '../wire.js';

/** A market's figures over a window as the streams show them: decimals as strings. */
export interface StatsTexts {
  readonly last: string;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly volume: string;
  readonly deal: string;
}

/**
 * The window's figures: `open` is its first trade (the REST ticker's 24-hour open), and a window
 * without a trade shows the last price as open, high and low (the price did not move).
 */
export function statsTexts(state: State, spec: MarketSpec, s: WindowStats): StatsTexts {
  const texts = marketTexts(state, spec);
  const price = (ticks: number | null): string => texts.price(ticks ?? s.last ?? 0);
  return {
    last: price(s.last),
    open: price(s.open),
    high: price(s.high),
    low: price(s.low),
    volume: texts.amount(s.lots),
    deal: texts.money(s.notional),
  };
}

/**
 * The statistics since `from` (microseconds): from memory within the last 24 hours, else from the
 * durable deals (a longer `market_request` period).
 */
export async function statsSince(ctx: StreamContext, spec: MarketSpec, from: number): Promise<WindowStats> {
  const inMemory = ctx.marketData.statsSince(spec.name, from);
  if (inMemory !== undefined) return inMemory;
  const rows = await ctx.venue.store.db
    .selectFrom('deals')
    .select(['price', 'lots', 'notional'])
    .where('market', '=', spec.name)
    .where('role', '=', ROLE_TAKER)
    .where('time', '>=', from)
    .orderBy('trade_id', 'asc')
    .execute();
  let open: number | null = null;
  let high: number | null = null;
  let low: number | null = null;
  let lots = 0n;
  let notional = 0n;
  for (const r of rows) {
    const price = Number(r.price);
    open ??= price;
    high = high === null || price > high ? price : high;
    low = low === null || price < low ? price : low;
    lots += BigInt(r.lots);
    notional += BigInt(r.notional);
  }
  const last = ctx.marketData.stats24h(spec.name).last;
  return { last, open, high, low, lots, notional, count: rows.length };
}

/** Microseconds of the UTC midnight that began the day of `micros`. */
export function utcDayStart(micros: number): number {
  const day = 86_400_000_000;
  return Math.floor(micros / day) * day;
}
