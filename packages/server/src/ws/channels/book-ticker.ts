import type { MarketSpec, State } from '@txc/core';
import { EVERY } from '../audience.js';
import { MarketSubscribers } from '../market-subscribers.js';
import type { AppliedCommand, Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { atMost, marketList, marketParam } from '../params.js';
import { pushFrame } from '../protocol.js';
import { ANY_MARKET, touchedMarkets } from '../touched-markets.js';
import { marketTexts, wsSeconds } from '../wire.js';

/** A market's best visible bid and ask: price and lots, 0 for an empty side. */
interface Best {
  readonly bid: number;
  readonly bidLots: number;
  readonly ask: number;
  readonly askLots: number;
}

function bestOf(state: State, market: string): Best {
  const book = state.trading.markets.get(market)?.book;
  const bid = book?.levels('buy', 1)[0];
  const ask = book?.levels('sell', 1)[0];
  return { bid: bid?.price ?? 0, bidLots: bid?.lots ?? 0, ask: ask?.price ?? 0, askLots: ask?.lots ?? 0 };
}

function same(a: Best, b: Best): boolean {
  return a.bid === b.bid && a.bidLots === b.bidLots && a.ask === b.ask && a.askLots === b.askLots;
}

/** A market's sequence of best-price changes. */
interface Tracked {
  best: Best;
  /**
   * The journal sequence number of the command that set `best` (or of the venue's last, seen while
   * nobody followed), above every id sent before: a saved state loaded takes the journal back.
   */
  updateId: number;
  /** Engine time (microseconds) of the last change. */
  time: number;
}

/**
 * `bookTicker` (websocket spec §6.8): the best bid and ask of each market subscribed (`[]`: all),
 * pushed as soon as they change, and once on subscribe (docs/decisions.md, "Book ticker and
 * statistics"). RPI orders are left out as in the public book; an empty side reads "0".
 */
export class BookTickerChannel implements Channel {
  readonly name = 'bookTicker';
  readonly private = false;
  private readonly subscribers: MarketSubscribers;
  private readonly tracked = new Map<string, Tracked>();

  constructor(private readonly ctx: StreamContext) {
    this.subscribers = new MarketSubscribers(this.name, ctx.outbox);
  }

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    const { state } = this.ctx.venue;
    const specs = marketList(state, params);
    this.follow(conn, params.length === 0 ? [EVERY] : specs.map((s) => s.name));
  }

  unsubscribe(conn: WsConnection, params: readonly unknown[]): void {
    atMost(params, 1);
    if (params.length === 0) return this.subscribers.drop(conn);
    const { state } = this.ctx.venue;
    const market = marketParam(state, params[0]).name;
    const keys = this.subscribers.keysOf(conn);
    if (keys === undefined) return;
    const all = keys.includes(EVERY);
    if (!this.subscribers.answered(conn)) {
      // its first frames have not gone out: it follows the rest as if it had named them
      const rest = (all ? [...state.markets.keys()] : keys).filter((k) => k !== market);
      return rest.length === 0 ? this.subscribers.drop(conn) : this.follow(conn, rest);
    }
    // one market off "all": every other market stays, named from now on
    if (all) this.subscribers.replaceAnswered(conn, [...state.markets.keys()]);
    this.subscribers.leave(conn, market);
  }

  /** `[]` for every market, or the markets named. */
  heldParams(conn: WsConnection): readonly unknown[] | undefined {
    const keys = this.subscribers.keysOf(conn);
    if (keys === undefined) return undefined;
    return keys.includes(EVERY) ? [] : keys;
  }

  disconnect(conn: WsConnection): void {
    this.subscribers.drop(conn);
  }

  onCommand(applied: AppliedCommand): void {
    if (this.subscribers.nobody) return;
    const touched = touchedMarkets(applied);
    const markets = touched === ANY_MARKET ? this.ctx.venue.state.markets.keys() : touched;
    const { state } = this.ctx.venue;
    for (const market of markets) {
      if (!this.subscribers.wants(market) && !this.subscribers.wants(EVERY)) continue;
      const spec = state.markets.get(market);
      const tracked = this.tracked.get(market);
      if (spec === undefined || tracked === undefined) continue;
      const best = bestOf(state, market);
      if (same(best, tracked.best)) continue;
      tracked.best = best;
      tracked.updateId = Math.max(applied.stamp.seq, tracked.updateId + 1);
      tracked.time = applied.stamp.time;
      const text = this.frame(spec, tracked);
      this.ctx.outbox.later(() => this.subscribers.audience.send(market, text, true));
    }
  }

  onReset(): void {
    // what is tracked is kept, so that update_id never goes back; a subscribe brings it up to date
    this.subscribers.clear();
  }

  /** Replaces the connection's markets by `keys` ([EVERY]: all); each one's best prices follow the answer. */
  private follow(conn: WsConnection, keys: readonly string[]): void {
    const { state } = this.ctx.venue;
    this.subscribers.replace(conn, keys);
    const shown = keys.includes(EVERY) ? [...state.markets.keys()] : keys;
    const frames: string[] = [];
    for (const market of shown) {
      const spec = state.markets.get(market);
      if (spec !== undefined) frames.push(this.frame(spec, this.track(market)));
    }
    this.subscribers.joinWhenAnswered(conn, keys, frames);
  }

  /**
   * The market's tracked best prices, as they are now: starting now when nobody followed it yet, and
   * moved on to the venue's last command when they changed while nobody followed it.
   */
  private track(market: string): Tracked {
    const best = bestOf(this.ctx.venue.state, market);
    let tracked = this.tracked.get(market);
    const seq = this.ctx.venue.state.seq;
    if (tracked === undefined) {
      tracked = { best, updateId: seq, time: this.ctx.venue.clock.nowMicros() };
      this.tracked.set(market, tracked);
    } else if (!same(best, tracked.best)) {
      tracked.best = best;
      tracked.updateId = Math.max(seq, tracked.updateId + 1);
      tracked.time = this.ctx.venue.clock.nowMicros();
    }
    return tracked;
  }

  /** `[[transaction_time, message_time, market, update_id, bid, bid amount, ask, ask amount]]`. */
  private frame(spec: MarketSpec, t: Tracked): string {
    const texts = marketTexts(this.ctx.venue.state, spec);
    const record = [
      wsSeconds(t.time),
      wsSeconds(this.ctx.venue.clock.nowMicros()),
      spec.name,
      t.updateId,
      texts.price(t.best.bid),
      texts.amount(t.best.bidLots),
      texts.price(t.best.ask),
      texts.amount(t.best.askLots),
    ];
    return pushFrame('bookTicker_update', jsonText([record]));
  }
}

export const bookTickerChannel = (ctx: StreamContext): Channel => new BookTickerChannel(ctx);
