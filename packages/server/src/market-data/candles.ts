import { formatUnits, type MarketSpec } from '@txc/core';
import {
  addCandle,
  candleOf,
  candleOfRow,
  candleScales,
  type Candle,
  type CandleScales,
} from '../venue/projection/candle.js';
import { secondsOf } from '../venue/projection/candle-projection.js';
import { ROLE_TAKER } from '../venue/projection/projector.js';
import type { VenueView } from '../venue/venue-view.js';
import { baseOf, isCandleInterval, MINUTE, periodAfter, periodStart } from './candle-periods.js';

/** A candle as the API shows it: prices and volumes in exact decimal text. */
export interface MarketCandle {
  /** Unix seconds: the start of its period. */
  readonly time: number;
  readonly open: string;
  /** The last trade's price: the current price while the period is under way. */
  readonly close: string;
  readonly high: string;
  readonly low: string;
  /** Traded amount, in stock. */
  readonly volume: string;
  /** Traded value, in money (price × amount, exact). */
  readonly deal: string;
}

/** The WebSocket API's candle (§6.2): time, open, close, high, low, stock volume, money volume, market. */
export type CandleTuple = [number, string, string, string, string, string, string, string];

/** A candle in the wire shape of `candles_request` and `candles_update`. */
export function candleTuple(market: string, c: MarketCandle): CandleTuple {
  return [c.time, c.open, c.close, c.high, c.low, c.volume, c.deal, market];
}

/** Which candles of a range a limit keeps: the earliest (from the start) or the latest (up to the end). */
export type CandleTake = 'first' | 'last';

/** A period with no trade. */
function flat(openTime: number, price: number): Candle {
  return { openTime, open: price, close: price, high: price, low: price, lots: 0n, notional: 0n };
}

/**
 * The candles of every market at any interval of isCandleInterval, read from what the store holds
 * (so never a trade that a crash could take back): the stored base candles put together, those under
 * a minute from the deals themselves. The REST kline endpoint and the WebSocket `candles` channel
 * read them here.
 *
 * A series starts at the market's first trade; after it, a period without a trade is a candle all
 * at the last price before it, with volumes of zero; no candle is ever after the venue's now. Each
 * method answers nothing for a market the venue does not know, and throws a RangeError for an
 * interval that is not a candle interval.
 */
export class Candles {
  constructor(private readonly venue: VenueView) {}

  /**
   * The candles whose periods meet [startS, endS] (Unix seconds), oldest first: at most `limit`,
   * the earliest of them or, with take 'last', the latest.
   */
  async range(
    market: string,
    intervalS: number,
    startS: number,
    endS: number,
    limit: number,
    take: CandleTake = 'first',
  ): Promise<MarketCandle[]> {
    const spec = this.spec(market, intervalS);
    const now = secondsOf(this.venue.clock.nowMicros());
    const last = periodStart(intervalS, Math.min(endS, now));
    let first = periodStart(intervalS, startS);
    if (spec === undefined || limit < 1 || first > last) return [];
    if (take === 'last') first = Math.max(first, periodAfter(intervalS, last, 1 - limit));
    let before = await this.closeBefore(spec, intervalS, first);
    if (before === undefined) {
      const begins = await this.firstTrade(spec, intervalS, first, periodAfter(intervalS, last));
      if (begins === undefined) return [];
      first = periodStart(intervalS, begins);
    }
    const bound = Math.min(last, periodAfter(intervalS, first, limit - 1));
    const parts = await this.parts(spec, intervalS, first, periodAfter(intervalS, bound));
    const out: Candle[] = [];
    let i = 0;
    for (let p = first; p <= bound; p = periodAfter(intervalS, p)) {
      const next = periodAfter(intervalS, p);
      let c: Candle | undefined;
      for (; i < parts.length && parts[i]!.openTime < next; i++) {
        if (c === undefined) c = { ...parts[i]!, openTime: p };
        else addCandle(c, parts[i]!);
      }
      c ??= before === undefined ? undefined : flat(p, before);
      if (c === undefined) continue;
      out.push(c);
      before = c.close;
    }
    const scales = candleScales(this.venue.state, spec);
    return out.map((c) => shown(c, scales));
  }

  /** The candle of the period holding `nowS` (the live one), or undefined before the market's first trade. */
  async current(market: string, intervalS: number, nowS: number): Promise<MarketCandle | undefined> {
    return (await this.range(market, intervalS, nowS, nowS, 1))[0];
  }

  private spec(market: string, intervalS: number): MarketSpec | undefined {
    if (!isCandleInterval(intervalS)) throw new RangeError(`${intervalS} is not a candle interval`);
    return this.venue.state.markets.get(market);
  }

  /** The candles that make up the periods from `from` to before `to`, in time order. */
  private async parts(spec: MarketSpec, intervalS: number, from: number, to: number): Promise<Candle[]> {
    const base = baseOf(intervalS);
    if (base === undefined) return (await this.deals(spec, from, to)).map((d) => candleOf(d.time, d));
    const scales = candleScales(this.venue.state, spec);
    const rows = await this.venue.store.db
      .selectFrom('candles')
      .selectAll()
      .where('market', '=', spec.name)
      .where('interval_s', '=', base)
      .where('open_time', '>=', from)
      .where('open_time', '<', to)
      .orderBy('open_time')
      .execute();
    return rows.map((r) => candleOfRow(r, scales));
  }

  /** The price of the market's last trade before `t`, if any. */
  private async closeBefore(spec: MarketSpec, intervalS: number, t: number): Promise<number | undefined> {
    // under a minute, the trades since the minute began; the stored minutes before them
    const minute = t - (t % MINUTE);
    if (baseOf(intervalS) === undefined && minute < t) {
      const trades = await this.deals(spec, minute, t);
      if (trades.length > 0) return trades.at(-1)!.price;
    }
    const row = await this.venue.store.db
      .selectFrom('candles')
      .select(['open_time', 'open', 'close', 'high', 'low', 'volume_stock', 'volume_money'])
      .where('market', '=', spec.name)
      .where('interval_s', '=', MINUTE)
      .where('open_time', '<', minute)
      .orderBy('open_time', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : candleOfRow(row, candleScales(this.venue.state, spec)).close;
  }

  /** The time of the market's first trade in [from, to), to the second, if any. */
  private async firstTrade(spec: MarketSpec, intervalS: number, from: number, to: number): Promise<number | undefined> {
    if (baseOf(intervalS) === undefined) {
      const row = await this.venue.store.db
        .selectFrom('deals')
        .select('time')
        .where('market', '=', spec.name)
        .where('role', '=', ROLE_TAKER)
        .where('time', '>=', from * 1_000_000)
        .where('time', '<', to * 1_000_000)
        .orderBy('time')
        .limit(1)
        .executeTakeFirst();
      return row === undefined ? undefined : secondsOf(Number(row.time));
    }
    const row = await this.venue.store.db
      .selectFrom('candles')
      .select('open_time')
      .where('market', '=', spec.name)
      .where('interval_s', '=', MINUTE)
      .where('open_time', '>=', from)
      .where('open_time', '<', to)
      .orderBy('open_time')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.open_time);
  }

  /** The market's trades in [from, to) (Unix seconds), in trade order, each by its taker's deal. */
  private async deals(spec: MarketSpec, from: number, to: number) {
    const rows = await this.venue.store.db
      .selectFrom('deals')
      .select(['trade_id', 'price', 'lots', 'notional', 'time'])
      .where('market', '=', spec.name)
      .where('role', '=', ROLE_TAKER)
      .where('time', '>=', from * 1_000_000)
      .where('time', '<', to * 1_000_000)
      .orderBy('trade_id')
      .execute();
    return rows.map((r) => ({
      time: secondsOf(Number(r.time)),
      price: Number(r.price),
      lots: BigInt(r.lots),
      notional: BigInt(r.notional),
    }));
  }
}

function shown(c: Candle, s: CandleScales): MarketCandle {
  const price = (ticks: number): string => formatUnits(BigInt(ticks), s.price);
  return {
    time: c.openTime,
    open: price(c.open),
    close: price(c.close),
    high: price(c.high),
    low: price(c.low),
    volume: formatUnits(c.lots, s.stock),
    deal: formatUnits(c.notional, s.money),
  };
}
