import { formatUnits, marketUnits, parseUnits, type MarketSpec, type State } from '@txc/core';
import type { CandlesTable } from '../../store/database.js';

/**
 * A candle in the market's integers: prices in ticks, the stock volume in lots, the money volume as
 * the exact notional in the market's fine unit (core spec/market-units.ts). Mutable: the live candle
 * of a market takes each trade as it comes.
 */
export interface Candle {
  /** Unix seconds: the start of its period. */
  openTime: number;
  open: number;
  close: number;
  high: number;
  low: number;
  lots: bigint;
  notional: bigint;
}

/** One trade as a candle takes it. */
export interface CandleTrade {
  /** Unix seconds (fraction allowed). */
  readonly time: number;
  readonly price: number;
  readonly lots: bigint;
  readonly notional: bigint;
}

/** The candle of one trade, opening at `openTime`. */
export function candleOf(openTime: number, t: CandleTrade): Candle {
  return { openTime, open: t.price, close: t.price, high: t.price, low: t.price, lots: t.lots, notional: t.notional };
}

/** Adds a later trade to a candle. */
export function addTrade(c: Candle, t: CandleTrade): void {
  c.close = t.price;
  if (t.price > c.high) c.high = t.price;
  if (t.price < c.low) c.low = t.price;
  c.lots += t.lots;
  c.notional += t.notional;
}

/** Adds a later candle (of a shorter interval inside this one's period) to a candle. */
export function addCandle(into: Candle, later: Candle): void {
  into.close = later.close;
  if (later.high > into.high) into.high = later.high;
  if (later.low < into.low) into.low = later.low;
  into.lots += later.lots;
  into.notional += later.notional;
}

/** The decimal places of a market's prices, stock volumes and money volumes. */
export interface CandleScales {
  readonly price: number;
  readonly stock: number;
  readonly money: number;
}

export function candleScales(state: State, spec: MarketSpec): CandleScales {
  const money = state.assets.get(spec.money)?.precision ?? 0;
  const stock = state.assets.get(spec.stock)?.precision ?? 0;
  return { price: spec.moneyPrec, stock: spec.stockPrec, money: marketUnits(spec, money, stock).fineScale };
}

/** A candle as its row in the store: decimal text. */
export function candleRow(market: string, intervalS: number, c: Candle, s: CandleScales): CandlesTable {
  return {
    market,
    interval_s: intervalS,
    open_time: c.openTime,
    open: formatUnits(BigInt(c.open), s.price),
    close: formatUnits(BigInt(c.close), s.price),
    high: formatUnits(BigInt(c.high), s.price),
    low: formatUnits(BigInt(c.low), s.price),
    volume_stock: formatUnits(c.lots, s.stock),
    volume_money: formatUnits(c.notional, s.money),
  };
}

/** A stored candle back in the market's integers (the row was written at these scales). */
export function candleOfRow(
  row: Pick<CandlesTable, 'open_time' | 'open' | 'close' | 'high' | 'low' | 'volume_stock' | 'volume_money'>,
  s: CandleScales,
): Candle {
  const units = (text: string, scale: number): bigint => {
    const value = parseUnits(text, scale);
    if (value === undefined) throw new Error(`candle value ${text} is not a decimal of scale ${scale}`);
    return value;
  };
  const ticks = (text: string): number => Number(units(text, s.price));
  return {
    openTime: Number(row.open_time),
    open: ticks(row.open),
    close: ticks(row.close),
    high: ticks(row.high),
    low: ticks(row.low),
    lots: units(row.volume_stock, s.stock),
    notional: units(row.volume_money, s.money),
  };
}
