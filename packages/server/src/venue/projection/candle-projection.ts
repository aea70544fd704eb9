import type { Event, State } from '@txc/core';
import type { ProjectionWrite, Store } from '../../store/port.js';
import { addTrade, candleOf, candleOfRow, candleRow, candleScales, type Candle, type CandleTrade } from './candle.js';

/**
 * The intervals the store keeps candles of, in seconds. Every other interval is put together from
 * one of them on read (market-data/candle-periods.ts); those under a minute from the deals.
 */
export const BASE_INTERVALS = [60, 3600, 86400] as const;

export type BaseInterval = (typeof BASE_INTERVALS)[number];

/** A market's latest candle at one base interval. */
export interface LiveCandle extends Candle {
  readonly market: string;
  readonly intervalS: BaseInterval;
}

/** The candles one group commit changed, each written once with what it holds when the batch closes. */
export type TouchedCandles = Set<LiveCandle>;

const CANDLE_KEY = ['market', 'interval_s', 'open_time'] as const;

/** Whole seconds of a time in microseconds, in integers (a division in doubles can round up into the next second). */
export function secondsOf(micros: number): number {
  return (micros - (micros % 1_000_000)) / 1_000_000;
}

/**
 * The candles projection: each trade updates the latest candle of its market at every base
 * interval, and the candles a batch changed are written by that batch's group commit, whole, so
 * that the store's candles always hold exactly the trades of the journal it holds.
 *
 * Only the latest candle of each market and interval is kept here: a trade stamped before it (the
 * clock went back across a restart) counts in it, so a period once closed never changes again.
 */
export class CandleProjection {
  private live = new Map<string, (LiveCandle | undefined)[]>();

  /** Takes the trades among a command's events; every candle changed goes into `touched`. */
  fold(events: readonly Event[], touched: TouchedCandles): void {
    for (const e of events) {
      if (e.type !== 'TradeExecuted') continue;
      this.add(
        e.market,
        { time: secondsOf(e.time), price: e.price, lots: BigInt(e.lots), notional: e.notional },
        touched,
      );
    }
  }

  /** Takes one trade of `market` (`trade.time` in whole seconds). */
  add(market: string, trade: CandleTrade, touched: TouchedCandles): void {
    let slots = this.live.get(market);
    if (slots === undefined) {
      slots = [];
      this.live.set(market, slots);
    }
    for (let i = 0; i < BASE_INTERVALS.length; i++) {
      const intervalS = BASE_INTERVALS[i]!;
      const openTime = trade.time - (trade.time % intervalS);
      let c = slots[i];
      if (c !== undefined && openTime <= c.openTime) addTrade(c, trade);
      else {
        c = { ...candleOf(openTime, trade), market, intervalS };
        slots[i] = c;
      }
      touched.add(c);
    }
  }

  /** The store's writes of the candles changed, as they stand now. */
  writes(touched: TouchedCandles, state: State): ProjectionWrite[] {
    const out: ProjectionWrite[] = [];
    for (const c of touched) {
      const spec = state.markets.get(c.market);
      if (spec === undefined) continue; // a trade is always on a defined market
      out.push({
        op: 'upsert',
        table: 'candles',
        row: { ...candleRow(c.market, c.intervalS, c, candleScales(state, spec)) },
        key: CANDLE_KEY,
      });
    }
    return out;
  }

  /** Forgets what is in memory and takes each market's latest candles from the store. */
  async load(store: Store, state: State): Promise<void> {
    const latest = store.db
      .selectFrom('candles')
      .select(['market', 'interval_s'])
      .select((eb) => eb.fn.max('open_time').as('open_time'))
      .groupBy(['market', 'interval_s'])
      .as('latest');
    const rows = await store.db
      .selectFrom('candles as c')
      .innerJoin(latest, (j) =>
        j
          .onRef('latest.market', '=', 'c.market')
          .onRef('latest.interval_s', '=', 'c.interval_s')
          .onRef('latest.open_time', '=', 'c.open_time'),
      )
      .selectAll('c')
      .execute();
    const live = new Map<string, (LiveCandle | undefined)[]>();
    for (const row of rows) {
      const spec = state.markets.get(row.market);
      const i = BASE_INTERVALS.indexOf(Number(row.interval_s) as BaseInterval);
      if (spec === undefined || i < 0) continue;
      let slots = live.get(row.market);
      if (slots === undefined) {
        slots = [];
        live.set(row.market, slots);
      }
      slots[i] = { ...candleOfRow(row, candleScales(state, spec)), market: row.market, intervalS: BASE_INTERVALS[i]! };
    }
    this.live = live;
  }
}
