import type { MarketSpec } from '@txc/core';
import type { AppliedCommand, Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText, type RawJson } from '../json-text.js';
import { atMost, booleanParam, integerParam, marketParam, oneOf, stringParam } from '../params.js';
import { pushFrame } from '../protocol.js';
import { TextFrame } from '../text-frame.js';
import { ANY_MARKET, touchedMarkets } from '../touched-markets.js';
import { marketTexts, wsSeconds } from '../wire.js';
import { repeat, subscriptionsByMarket } from '../market-subscribers.js';
import {
  aggregationLevel,
  bookView,
  DEPTH_LIMITS,
  sideChanges,
  type BookView,
  type SideLevels,
} from './depth-levels.js';

/** Deltas are gathered over this long (websocket spec §6.7). */
const DELTA_MS = 100;
/** A subscription that heard nothing for this long gets the full book again. */
const KEEPALIVE_MS = 10_000;

/**
 * One market's book sequence: `update_id` is the journal sequence number of the last command that may
 * have changed the book while it was followed (or, after a while unfollowed, of the venue's last), so
 * that it never goes back across a restart either; past ids also bound it, for a saved state loaded
 * takes the journal back. It is kept when the market's last subscriber leaves.
 */
interface MarketSequence {
  updateId: number;
  /** Engine time (microseconds) of the last change. */
  time: number;
  dirty: boolean;
  /** Nobody follows the market: commands pass it by. */
  idle: boolean;
  /**
   * The venue's sequence number when the market went idle: met again on its return, nothing happened
   * since and its book is the one `updateId` showed. NaN after a rebuild, whose book may differ.
   */
  idleAtSeq: number;
}

/**
 * Subscribers of one market at one limit and interval: they share every frame. `sent` is the book as
 * the last frame left it and `lastId` that frame's update_id, so a newcomer's snapshot is `sent`
 * under `lastId` and the group's next delta continues its chain.
 */
interface Group {
  readonly key: string;
  readonly spec: MarketSpec;
  readonly limit: number;
  readonly level: number;
  /** Connections receiving (activated in outbox order). */
  readonly members: Set<WsConnection>;
  /** Subscriptions made, received or not yet. */
  count: number;
  sent: BookView;
  lastId: number;
  lastSentAt: number;
}

/** A connection's depth subscriptions: market → group key. */
type Subscriptions = Map<string, string>;

/**
 * `depth` (websocket spec §6.7): a snapshot on subscribe, then deltas at most every 100 ms carrying
 * changed levels, with `update_id`/`past_update_id` chaining them, and the full book again after 10 s
 * without an update. `multi_depth` true adds a market (ccxt), false drops the others first. Levels
 * leaving the window are sent with amount "0", levels entering it in full (docs/decisions.md, "WebSocket depth").
 */
export class DepthChannel implements Channel {
  readonly name = 'depth';
  readonly private = false;
  readonly oneShot = 'request';
  private readonly groups = new Map<string, Group>();
  private readonly sequences = new Map<string, MarketSequence>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly ctx: StreamContext) {
    this.timer = repeat(DELTA_MS, () => this.tick());
  }

  request(_conn: WsConnection, params: readonly unknown[]): unknown {
    atMost(params, 3);
    const spec = marketParam(this.ctx.venue.state, params[0]);
    const limit = integerParam(params[1], 'limit', 1, 100);
    const level = aggregationLevel(spec, stringParam(params[2] ?? '0', 'price_interval'));
    const view = bookView(this.ctx.venue.state, spec, limit, level);
    return { timestamp: this.timestamp(spec.name), ...this.levelTexts(spec, view) };
  }

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    atMost(params, 4);
    const { state } = this.ctx.venue;
    const spec = marketParam(state, params[0]);
    const limit = oneOf(params[1], 'limit', DEPTH_LIMITS);
    const level = aggregationLevel(spec, stringParam(params[2] ?? '0', 'price_interval'));
    const multi = params[3] === undefined ? false : booleanParam(params[3], 'multi_depth');
    const subs = subscriptionsByMarket(conn, this.name);
    if (!multi) for (const market of [...subs.keys()]) this.leave(conn, subs, market);
    else this.leave(conn, subs, spec.name);
    const group = this.join(spec, limit, level);
    subs.set(spec.name, group.key);
    const snapshot = this.frame(group, true, group.sent, group.lastId);
    this.ctx.outbox.later(() => {
      if (conn.closed || subscriptionsByMarket(conn, this.name).get(spec.name) !== group.key) return;
      group.members.add(conn);
      conn.send(snapshot);
    });
  }

  subscriptionKey(params: readonly unknown[]): string | undefined {
    return params[3] === true ? String(params[0]) : undefined;
  }

  unsubscribe(conn: WsConnection, params: readonly unknown[]): void {
    atMost(params, 1);
    const subs = subscriptionsByMarket(conn, this.name);
    if (params.length === 0) for (const market of [...subs.keys()]) this.leave(conn, subs, market);
    else this.leave(conn, subs, marketParam(this.ctx.venue.state, params[0]).name);
  }

  disconnect(conn: WsConnection): void {
    const subs = conn.subscriptions.get(this.name) as Subscriptions | undefined;
    if (subs !== undefined) for (const market of [...subs.keys()]) this.leave(conn, subs, market);
  }

  onCommand(applied: AppliedCommand): void {
    if (this.groups.size === 0) return;
    const touched = touchedMarkets(applied);
    const markets = touched === ANY_MARKET ? this.sequences.keys() : touched;
    for (const market of markets) {
      const seq = this.sequences.get(market);
      if (seq === undefined || seq.idle) continue;
      seq.updateId = Math.max(applied.stamp.seq, seq.updateId + 1);
      seq.time = applied.stamp.time;
      seq.dirty = true;
    }
  }

  onReset(): void {
    this.groups.clear();
    for (const seq of this.sequences.values()) {
      seq.idle = true;
      seq.idleAtSeq = Number.NaN;
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The group of these terms; a new one starts from the book as it is now. */
  private join(spec: MarketSpec, limit: number, level: number): Group {
    const key = `${spec.name}|${limit}|${level}`;
    let group = this.groups.get(key);
    if (group === undefined) {
      let seq = this.sequences.get(spec.name);
      const lastSeq = this.ctx.venue.state.seq;
      if (seq === undefined) {
        const time = this.ctx.venue.clock.nowMicros();
        seq = { updateId: lastSeq, time, dirty: false, idle: false, idleAtSeq: Number.NaN };
        this.sequences.set(spec.name, seq);
      } else if (seq.idle) {
        // the book may have changed unseen: as of the venue's last command, under an id never sent
        if (lastSeq !== seq.idleAtSeq) {
          seq.updateId = Math.max(lastSeq, seq.updateId + 1);
          seq.time = this.ctx.venue.clock.nowMicros();
        }
        seq.idle = false;
      }
      const sent = bookView(this.ctx.venue.state, spec, limit, level);
      group = {
        key,
        spec,
        limit,
        level,
        members: new Set(),
        count: 0,
        sent,
        lastId: seq.updateId,
        lastSentAt: performance.now(),
      };
      this.groups.set(key, group);
    }
    group.count++;
    return group;
  }

  private leave(conn: WsConnection, subs: Subscriptions, market: string): void {
    const key = subs.get(market);
    if (key === undefined) return;
    subs.delete(market);
    const group = this.groups.get(key);
    if (group === undefined) return;
    group.members.delete(conn);
    if (--group.count > 0) return;
    this.groups.delete(key);
    if ([...this.groups.values()].some((g) => g.spec.name === market)) return;
    const seq = this.sequences.get(market)!;
    seq.idle = true;
    seq.idleAtSeq = this.ctx.venue.state.seq;
  }

  /** Every 100 ms: a delta for each group whose window changed; the full book where 10 s passed silent. */
  private tick(): void {
    if (this.groups.size === 0) return;
    const now = performance.now();
    const { state } = this.ctx.venue;
    for (const group of this.groups.values()) {
      const seq = this.sequences.get(group.spec.name);
      if (seq === undefined) continue;
      const stale = now - group.lastSentAt >= KEEPALIVE_MS;
      if (!seq.dirty && !stale) continue;
      const view = bookView(state, group.spec, group.limit, group.level);
      let text: string | undefined;
      if (stale) text = this.frame(group, true, view, seq.updateId);
      else {
        const asks = sideChanges(group.sent.asks, view.asks, 'sell');
        const bids = sideChanges(group.sent.bids, view.bids, 'buy');
        if (asks.length > 0 || bids.length > 0) text = this.delta(group, asks, bids, seq.updateId);
      }
      group.sent = view;
      if (text === undefined) continue;
      group.lastId = seq.updateId;
      group.lastSentAt = now;
      const frame = new TextFrame(text);
      this.ctx.outbox.later(() => {
        for (const conn of group.members) conn.send(frame);
      });
    }
    for (const seq of this.sequences.values()) seq.dirty = false;
  }

  private frame(group: Group, full: true, view: BookView, updateId: number): string {
    const data = {
      timestamp: this.timestamp(group.spec.name),
      update_id: updateId,
      ...this.levelTexts(group.spec, view),
      event_time: wsSeconds(this.ctx.venue.clock.nowMicros()),
    };
    return pushFrame('depth_update', jsonText([full, data, group.spec.name]));
  }

  private delta(group: Group, asks: [number, number][], bids: [number, number][], updateId: number): string {
    const texts = marketTexts(this.ctx.venue.state, group.spec);
    const show = (levels: [number, number][]): [string, string][] =>
      levels.map(([p, l]) => [texts.price(p), texts.amount(l)]);
    const data = {
      timestamp: this.timestamp(group.spec.name),
      update_id: updateId,
      past_update_id: group.lastId,
      asks: show(asks),
      bids: show(bids),
      event_time: wsSeconds(this.ctx.venue.clock.nowMicros()),
    };
    return pushFrame('depth_update', jsonText([false, data, group.spec.name]));
  }

  private levelTexts(spec: MarketSpec, view: BookView): { asks: [string, string][]; bids: [string, string][] } {
    const texts = marketTexts(this.ctx.venue.state, spec);
    const show = (side: SideLevels): [string, string][] => [...side].map(([p, l]) => [texts.price(p), texts.amount(l)]);
    return { asks: show(view.asks), bids: show(view.bids) };
  }

  /** The engine time of the market's last change (now, while nobody follows it). */
  private timestamp(market: string): RawJson {
    const seq = this.sequences.get(market);
    return wsSeconds(seq === undefined || seq.idle ? this.ctx.venue.clock.nowMicros() : seq.time);
  }
}

export const depthChannel = (ctx: StreamContext): Channel => new DepthChannel(ctx);
