import { isCandleInterval, MONTH, periodStart } from '../../market-data/candle-periods.js';
import { candleTuple, type MarketCandle } from '../../market-data/candles.js';
import { Audience } from '../audience.js';
import type { AppliedCommand, Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { atMost, integerParam, marketParam } from '../params.js';
import { invalidArgument, pushFrame } from '../protocol.js';
import { unixSeconds } from '../wire.js';
import { repeat, subscriptionsByMarket } from '../market-subscribers.js';

/** The live candles are pushed this often (websocket spec §6.2). */
const EVERY_MS = 500;
/** Candles a `candles_request` answers at most: the earliest of the range (docs/decisions.md, "WebSocket candles"). */
export const CANDLES_REQUEST_MOST = 1440;
/** The last second a request's `start` or `end` may name: 9999-12-31 23:59:59 UTC. */
const LAST_SECOND = 253_402_300_799;

/** A connection's candle subscriptions: market → its series key (one interval per market). */
type Subscriptions = Map<string, string>;

/** What the last push of a series showed, reused while nothing changed. */
interface Shown {
  /** The start of the period of the candle pushed. */
  readonly time: number;
  /** The market's trade count the candle was read at (see `trades`). */
  readonly trades: number;
  /** The push of that candle alone. */
  readonly frame: string;
}

function seriesKey(market: string, intervalS: number): string {
  return `${market}|${intervalS}`;
}

function seriesOf(key: string): { market: string; intervalS: number } {
  const bar = key.lastIndexOf('|');
  return { market: key.slice(0, bar), intervalS: Number(key.slice(bar + 1)) };
}

/** An interval of websocket spec §6.2, in seconds. */
function intervalParam(value: unknown): number {
  const intervalS = integerParam(value, 'interval', 1, MONTH);
  if (!isCandleInterval(intervalS)) {
    throw invalidArgument(
      'interval must be 1, 2, 3, 4, 5, 6, 10, 12, 15, 20 or 30 seconds, whole minutes dividing an hour, ' +
        'whole hours dividing a day, or 86400, 172800, 259200, 604800 or 2592000',
    );
  }
  return intervalS;
}

function tupleText(market: string, c: MarketCandle): string {
  return jsonText(candleTuple(market, c));
}

/**
 * `candles` (websocket spec §6.2): the kline of a market at an interval, read from the candle store
 * (market-data/candles.ts) that `GET /api/v1/public/kline` reads too, so a candle never shows a
 * trade a crash could take back.
 *
 * A subscribe names one market and one interval and ADDS that market to the connection's candle
 * subscriptions; subscribing to a market again replaces its interval (the push does not say which
 * interval it is). ccxt sends one `candles_subscribe` per symbol on one socket and needs every
 * symbol to keep streaming (websocket spec §10.4; docs/decisions.md, "WebSocket candles").
 * `[market]` unsubscribes one market, `[]` all of them.
 *
 * Every half second each followed series (market and interval) pushes its live candle, changed or
 * not, from the market's first trade on; when a period ended since its last push, the frame holds the
 * closed candle as it ended first, then the new live one. Each series is read once per tick, and
 * only when a trade or a new period may have changed it, and serialized once for all its followers.
 */
export class CandlesChannel implements Channel {
  readonly name = 'candles';
  readonly private = false;
  readonly oneShot = 'request';
  private readonly audience = new Audience();
  private readonly shown = new Map<string, Shown>();
  /** Trades applied per market, counted as they apply: a series whose count is unchanged needs no read. */
  private readonly trades = new Map<string, number>();
  /** Advanced by a venue reset: a tick reading across one drops what it read. */
  private epoch = 0;
  private ticking = false;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly ctx: StreamContext) {
    this.timer = repeat(EVERY_MS, () => this.tick());
  }

  /** `[market, start, end, interval]`: the candles whose periods meet [start, end], oldest first. */
  async request(conn: WsConnection, params: readonly unknown[]): Promise<unknown> {
    atMost(params, 4);
    const spec = marketParam(this.ctx.venue.state, params[0]);
    const start = integerParam(params[1], 'start', 0, LAST_SECOND);
    const end = integerParam(params[2], 'end', 0, LAST_SECOND);
    const intervalS = intervalParam(params[3]);
    if (start > end) throw invalidArgument('start must not be after end');
    const found = await this.ctx.reads.read(conn, () =>
      this.ctx.candles.range(spec.name, intervalS, start, end, CANDLES_REQUEST_MOST),
    );
    return found.map((c) => candleTuple(spec.name, c));
  }

  subscriptionKey(params: readonly unknown[]): string {
    return String(params[0]);
  }

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    atMost(params, 2);
    const market = marketParam(this.ctx.venue.state, params[0]).name;
    const key = seriesKey(market, intervalParam(params[1]));
    const subs = subscriptionsByMarket(conn, this.name);
    const previous = subs.get(market);
    if (previous !== undefined) this.audience.remove(previous, conn);
    subs.set(market, key);
    this.ctx.outbox.later(() => {
      if (conn.closed || conn.subscriptions.get(this.name) !== subs || subs.get(market) !== key) return;
      this.audience.add(key, conn);
    });
  }

  unsubscribe(conn: WsConnection, params: readonly unknown[]): void {
    atMost(params, 1);
    if (params.length === 0) return this.disconnect(conn);
    const market = marketParam(this.ctx.venue.state, params[0]).name;
    const subs = conn.subscriptions.get(this.name) as Subscriptions | undefined;
    const key = subs?.get(market);
    if (subs === undefined || key === undefined) return;
    subs.delete(market);
    this.audience.remove(key, conn);
  }

  disconnect(conn: WsConnection): void {
    const subs = conn.subscriptions.get(this.name) as Subscriptions | undefined;
    if (subs === undefined) return;
    conn.subscriptions.delete(this.name);
    for (const key of subs.values()) this.audience.remove(key, conn);
  }

  onCommand({ events }: AppliedCommand): void {
    for (const e of events) {
      if (e.type === 'TradeExecuted') this.trades.set(e.market, (this.trades.get(e.market) ?? 0) + 1);
    }
  }

  onReset(): void {
    this.epoch++;
    this.audience.clear();
    this.shown.clear();
    this.trades.clear();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private tick(): void {
    if (this.ticking) return; // the previous tick is still reading: this one is skipped, not queued
    const keys = [...this.audience.followedKeys()];
    for (const key of this.shown.keys()) if (!this.audience.has(key)) this.shown.delete(key);
    if (keys.length === 0) return;
    this.ticking = true;
    this.push(keys)
      // a failed read (the store is unavailable) skips this tick; the venue's reset closes the sockets
      .catch(() => undefined)
      .finally(() => (this.ticking = false));
  }

  /**
   * Reads and pushes each series. The time and the trade counts are taken before the barrier, so
   * every trade of a period that ended by then is durable when the store is read.
   */
  private async push(keys: readonly string[]): Promise<void> {
    const epoch = this.epoch;
    const nowS = unixSeconds(this.ctx.venue.clock.nowMicros());
    const counts = new Map(this.trades);
    await this.ctx.venue.barrier();
    for (const key of keys) {
      const text = await this.frame(key, nowS, counts, epoch);
      if (text !== undefined) this.ctx.outbox.later(() => this.audience.send(key, text));
    }
  }

  /** The series' push now: its live candle, after the candle of the period it last showed if that ended. */
  private async frame(
    key: string,
    nowS: number,
    counts: ReadonlyMap<string, number>,
    epoch: number,
  ): Promise<string | undefined> {
    const { market, intervalS } = seriesOf(key);
    const trades = counts.get(market) ?? 0;
    const last = this.shown.get(key);
    if (last !== undefined && last.trades === trades && last.time === periodStart(intervalS, nowS)) return last.frame;
    const live = await this.ctx.candles.current(market, intervalS, nowS);
    const closed =
      live !== undefined && last !== undefined && last.time < live.time
        ? (await this.ctx.candles.range(market, intervalS, last.time, last.time, 1))[0]
        : undefined;
    if (live === undefined || epoch !== this.epoch) return undefined;
    const tuple = tupleText(market, live);
    const frame = pushFrame('candles_update', `[${tuple}]`);
    this.shown.set(key, { time: live.time, trades, frame });
    return closed === undefined ? frame : pushFrame('candles_update', `[${tupleText(market, closed)},${tuple}]`);
  }
}

export const candlesChannel = (ctx: StreamContext): Channel => new CandlesChannel(ctx);
