import { formatUnits, marketUnits, rateToPercent, type AssetSpec, type MarketSpec, type State } from '@txc/core';
import { cmcId } from './cmc-ids.js';
import type { MarketData } from './market-data.js';

/** Ascending order of two names, as code units compare. */
function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The venue's markets and assets in name order, as every public listing shows them: the state's own
 * order is the order they were defined in, which a restart from a snapshot does not keep.
 */
export function marketsByName(state: State): MarketSpec[] {
  return [...state.markets.values()].sort((a, b) => byName(a.name, b.name));
}

/** The venue's assets in ticker order (see marketsByName). */
export function assetsByTicker(state: State): AssetSpec[] {
  return [...state.assets.values()].sort((a, b) => byName(a.ticker, b.ticker));
}

/** Reference §4.4: one market as the listings show it; the API V1 and V2 listings show part of it. */
export interface MarketInfo {
  readonly name: string;
  readonly stock: string;
  readonly money: string;
  readonly stockPrec: string;
  readonly moneyPrec: string;
  readonly feePrec: string;
  readonly makerFee: string;
  readonly takerFee: string;
  readonly minAmount: string;
  readonly minTotal: string;
  readonly maxTotal: string;
  readonly tradesEnabled: boolean;
  readonly isCollateral: boolean;
  readonly type: MarketSpec['type'];
  readonly isTradFiFutures: false;
  readonly delistedAt: null;
}

/** One market's listing entry: precisions as strings, fees as percents, totals in money. */
export function marketInfo(state: State, m: MarketSpec): MarketInfo {
  const money = state.assets.get(m.money)?.precision ?? 0;
  return {
    name: m.name,
    stock: m.stock,
    money: m.money,
    stockPrec: String(m.stockPrec),
    moneyPrec: String(m.moneyPrec),
    feePrec: String(m.feePrec),
    makerFee: rateToPercent(m.makerFee),
    takerFee: rateToPercent(m.takerFee),
    minAmount: formatUnits(m.minAmount, m.stockPrec),
    minTotal: formatUnits(m.minTotal, money),
    maxTotal: formatUnits(m.maxTotal, money),
    tradesEnabled: m.tradesEnabled,
    isCollateral: m.isCollateral,
    type: m.type,
    isTradFiFutures: false,
    delistedAt: null,
  };
}

/** The markets open for trading, in name order: what every market listing shows. */
export function openMarkets(state: State): MarketSpec[] {
  return marketsByName(state).filter((m) => m.tradesEnabled);
}

/** A market's units, for turning its integers into the API's decimals. */
function unitsFor(state: State, spec: MarketSpec): ReturnType<typeof marketUnits> {
  return marketUnits(spec, state.assets.get(spec.money)?.precision ?? 0, state.assets.get(spec.stock)?.precision ?? 0);
}

/** Percent change from `open` to `last`, to two decimals, truncated toward zero. */
export function changePercent(open: number | null, last: number | null): string {
  if (open === null || last === null || open === 0) return '0';
  return formatUnits((BigInt(last - open) * 10_000n) / BigInt(open), 2);
}

/** Reference §4.5: one market's rolling 24-hour ticker entry. */
export function tickerEntry(state: State, data: MarketData, spec: MarketSpec): Record<string, unknown> {
  const s = data.stats24h(spec.name);
  const units = unitsFor(state, spec);
  return {
    base_id: cmcId(spec.stock),
    quote_id: cmcId(spec.money),
    last_price: s.last === null ? '0' : formatUnits(BigInt(s.last), spec.moneyPrec),
    quote_volume: formatUnits(s.notional, units.fineScale),
    base_volume: formatUnits(s.lots, spec.stockPrec),
    isFrozen: !spec.tradesEnabled,
    change: changePercent(s.open, s.last),
  };
}

/**
 * The API V1 single-market ticker: the 24-hour open, high, low and volumes, the last price and the
 * best bid and ask. A market without a trade in the window shows its last price as open, high and
 * low (the price did not move); one that never traded shows zeros.
 */
export interface MarketActivity {
  readonly open: string;
  readonly bid: string;
  readonly ask: string;
  readonly low: string;
  readonly high: string;
  readonly last: string;
  readonly volume: string;
  readonly deal: string;
  readonly change: string;
}

export function marketActivity(state: State, data: MarketData, spec: MarketSpec): MarketActivity {
  const s = data.stats24h(spec.name);
  const units = unitsFor(state, spec);
  const price = (ticks: number | null): string => formatUnits(BigInt(ticks ?? 0), spec.moneyPrec);
  const book = state.trading.markets.get(spec.name)?.book;
  const best = (side: 'buy' | 'sell'): number | null => book?.levels(side, 1)[0]?.price ?? null;
  const open = s.open ?? s.last;
  return {
    open: price(open),
    bid: price(best('buy')),
    ask: price(best('sell')),
    low: price(s.low ?? s.last),
    high: price(s.high ?? s.last),
    last: price(s.last),
    volume: formatUnits(s.lots, spec.stockPrec),
    deal: formatUnits(s.notional, units.fineScale),
    change: changePercent(open, s.last),
  };
}

/** Reference §4.9: recent trades, with the API's inverted volume names. */
export function tradesView(
  state: State,
  data: MarketData,
  spec: MarketSpec,
  side: 'buy' | 'sell' | undefined,
): unknown[] {
  const units = unitsFor(state, spec);
  return data.recentTrades(spec.name, side).map((t) => ({
    tradeID: t.tradeId,
    price: formatUnits(BigInt(t.price), spec.moneyPrec),
    quote_volume: formatUnits(BigInt(t.lots), spec.stockPrec),
    base_volume: formatUnits(t.notional, units.fineScale),
    trade_timestamp: Math.floor(t.time / 1_000_000),
    type: t.takerSide,
    rpi: t.rpi,
  }));
}

/** Levels of ticks and lots as `[price, amount]` texts. */
export function levelTexts(spec: MarketSpec, levels: readonly { price: number; lots: number }[]): [string, string][] {
  return levels.map((l) => [formatUnits(BigInt(l.price), spec.moneyPrec), formatUnits(BigInt(l.lots), spec.stockPrec)]);
}

/** Aggregates levels into buckets of 10^level ticks: bids down, asks up, so no bucket claims a better price. */
export function aggregate(
  side: 'buy' | 'sell',
  levels: readonly { price: number; lots: number }[],
  level: number,
): { price: number; lots: number }[] {
  if (level === 0) return [...levels];
  const step = 10 ** level;
  const out: { price: number; lots: number }[] = [];
  for (const l of levels) {
    const price = side === 'buy' ? Math.floor(l.price / step) * step : Math.ceil(l.price / step) * step;
    const last = out[out.length - 1];
    if (last !== undefined && last.price === price) last.lots += l.lots;
    else out.push({ price, lots: l.lots });
  }
  return out;
}
