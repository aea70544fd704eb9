import type { MarketSpec, State, TradeExecuted } from '@txc/core';
import type { TradePrint } from '../../market-data/rolling-stats.js';
import { ROLE_TAKER } from '../../venue/projection/projector.js';
import type { Store } from '../../store/port.js';
import { EVERY } from '../audience.js';
import { MarketSubscribers } from '../market-subscribers.js';
import type { AppliedCommand, Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { atMost, integerParam, marketList, marketParam, wholeUnsubscribe } from '../params.js';
import { pushFrame } from '../protocol.js';
import { PushPacing } from '../push-pacing.js';
import { marketTexts, wsSeconds } from '../wire.js';

/** Trades a snapshot or a request answers at most (websocket spec §6.6). */
const MOST = 100;

/** A trade as the stream shows it: `{id, time, price, amount, type, rpi}`. */
function tradeObject(state: State, spec: MarketSpec, t: TradePrint): Record<string, unknown> {
  const texts = marketTexts(state, spec);
  return {
    id: t.tradeId,
    time: wsSeconds(t.time),
    price: texts.price(t.price),
    amount: texts.amount(t.lots),
    type: t.takerSide,
    rpi: t.rpi,
  };
}

function printOf(e: TradeExecuted): TradePrint {
  return {
    tradeId: e.tradeId,
    time: e.time,
    price: e.price,
    lots: e.lots,
    notional: e.notional,
    takerSide: e.takerSide,
    rpi: e.maker.rpi,
  };
}

/** `trades_update` for one market, newest first. */
function updateText(state: State, spec: MarketSpec, newestFirst: readonly TradePrint[]): string {
  return pushFrame('trades_update', jsonText([spec.name, newestFirst.map((t) => tradeObject(state, spec, t))]));
}

/** The trades of one group commit, by market, oldest first, waiting for that commit. */
interface Gathered {
  readonly commit: Promise<void>;
  readonly byMarket: Map<string, TradePrint[]>;
}

/** How far apart sustained `trades_update` pushes are, gathering the trades of the commits in between. */
export interface TradesPacing {
  readonly gatherMs: number;
}

/**
 * `trades` (websocket spec §6.6): a subscribe names markets (`[]`: all) and replaces the previous
 * one; each market's 100 latest trades follow the answer, then every new trade. The trades of one
 * group commit go out as one `trades_update` per market (newest first), serialized once for all.
 *
 * Under load, pushes are paced (`PushPacing`): the trades of durable commits that come before the
 * next push's turn wait for it and go out together, so each subscriber's socket takes one write per
 * market per `gatherMs` when trades are sustained instead of one per group commit, which is what
 * trades cost the server beside REST (docs/decisions.md, "WebSocket trades"). After a quiet spell
 * trades go out as soon as durable, up to three pushes back to back.
 */
export class TradesChannel implements Channel {
  readonly name = 'trades';
  readonly private = false;
  readonly oneShot = 'request';
  private readonly subscribers: MarketSubscribers;
  private gathering: Gathered | undefined;
  /** Durable trades waiting for the next push's turn, by market, oldest first. */
  private held = new Map<string, TradePrint[]>();
  private heldTimer: NodeJS.Timeout | undefined;
  private readonly pacing: PushPacing;

  constructor(
    private readonly ctx: StreamContext,
    { gatherMs }: TradesPacing,
  ) {
    this.subscribers = new MarketSubscribers(this.name, ctx.outbox);
    this.pacing = new PushPacing(gatherMs);
  }

  request(conn: WsConnection, params: readonly unknown[]): unknown {
    atMost(params, 3);
    const { state } = this.ctx.venue;
    const spec = marketParam(state, params[0]);
    const limit = integerParam(params[1], 'limit', 1, MOST);
    const from = integerParam(params[2] ?? 0, 'trade_id', 0, Number.MAX_SAFE_INTEGER);
    if (from === 0) {
      return this.ctx.marketData
        .recentTrades(spec.name)
        .slice(0, limit)
        .map((t) => tradeObject(state, spec, t));
    }
    // a read the request waits for: 503 by its end while the store hangs, as every such read
    return this.ctx.reads.read(conn, (store) => this.page(store, spec, limit, from));
  }

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    const { state } = this.ctx.venue;
    const specs = marketList(state, params);
    const keys = params.length === 0 ? [EVERY] : specs.map((s) => s.name);
    this.subscribers.replace(conn, keys);
    // trades applied from now on go in a push queued after this subscription starts; those held
    // from before are in its snapshot, so they leave before it joins
    this.gathering = undefined;
    this.ctx.outbox.later(() => this.push());
    const shown = params.length === 0 ? [...state.markets.values()] : specs;
    const snapshots: string[] = [];
    for (const spec of shown) {
      const recent = this.ctx.marketData.recentTrades(spec.name);
      // every market named gets its snapshot, empty or not; "all markets" skips the ones never traded
      if (recent.length > 0 || params.length > 0) snapshots.push(updateText(state, spec, recent));
    }
    this.subscribers.joinWhenAnswered(conn, keys, snapshots);
  }

  unsubscribe(conn: WsConnection, params: readonly unknown[]): void {
    wholeUnsubscribe(params);
    this.subscribers.drop(conn);
  }

  disconnect(conn: WsConnection): void {
    this.subscribers.drop(conn);
  }

  onCommand({ events }: AppliedCommand): void {
    if (this.subscribers.nobody) return;
    for (const e of events) {
      if (e.type !== 'TradeExecuted' || !(this.subscribers.wants(e.market) || this.subscribers.wants(EVERY))) continue;
      const gathered = this.gather();
      let list = gathered.byMarket.get(e.market);
      if (list === undefined) {
        list = [];
        gathered.byMarket.set(e.market, list);
      }
      list.push(printOf(e));
    }
  }

  onReset(): void {
    this.subscribers.clear();
    this.gathering = undefined;
    this.forgetHeld();
  }

  stop(): void {
    // what is held is durable: it goes out before the sockets' close frames (the hub closes them next)
    this.push();
  }

  /** The gathering of the open group commit, its push queued at its first trade. */
  private gather(): Gathered {
    const commit = this.ctx.outbox.currentCommit();
    if (this.gathering?.commit === commit) return this.gathering;
    const gathered: Gathered = { commit, byMarket: new Map() };
    this.gathering = gathered;
    this.ctx.outbox.later(() => this.durable(gathered));
    return gathered;
  }

  /** A group commit's trades are durable: they go out now, or with the next push if it is not yet its turn. */
  private durable(gathered: Gathered): void {
    if (this.gathering === gathered) this.gathering = undefined;
    for (const [market, trades] of gathered.byMarket) {
      const held = this.held.get(market);
      if (held === undefined) this.held.set(market, trades);
      else held.push(...trades);
    }
    if (this.heldTimer !== undefined) return;
    const wait = this.pacing.waitMs(performance.now());
    if (wait <= 0) this.push();
    else {
      this.heldTimer = setTimeout(() => this.push(), wait);
      this.heldTimer.unref();
    }
  }

  /** Sends what is held, one `trades_update` per market. */
  private push(): void {
    clearTimeout(this.heldTimer);
    this.heldTimer = undefined;
    if (this.held.size === 0) return;
    const held = this.held;
    this.held = new Map();
    this.pacing.spent(performance.now());
    const { state } = this.ctx.venue;
    const { audience } = this.subscribers;
    for (const [market, oldestFirst] of held) {
      const spec = state.markets.get(market);
      if (spec === undefined || (!audience.has(market) && !audience.has(EVERY))) continue;
      audience.send(market, updateText(state, spec, oldestFirst.reverse()), true);
    }
  }

  private forgetHeld(): void {
    clearTimeout(this.heldTimer);
    this.heldTimer = undefined;
    this.held = new Map();
  }

  /** Trades up to `from` (its id included), newest first, from the durable deals. */
  private async page(store: Store, spec: MarketSpec, limit: number, from: number): Promise<unknown[]> {
    const { db } = store;
    const rows = await db
      .selectFrom('deals')
      .select(['trade_id', 'time', 'price', 'lots', 'side'])
      .where('market', '=', spec.name)
      .where('role', '=', ROLE_TAKER)
      .where('trade_id', '<=', from)
      .orderBy('trade_id', 'desc')
      .limit(limit)
      .execute();
    const ids = rows.map((r) => Number(r.trade_id));
    const rpi = new Set<number>();
    if (ids.length > 0) {
      const makers = await db
        .selectFrom('deals')
        .select('trade_id')
        .where('trade_id', 'in', ids)
        .where('role', '!=', ROLE_TAKER)
        .where('rpi', '=', 1)
        .execute();
      for (const m of makers) rpi.add(Number(m.trade_id));
    }
    const { state } = this.ctx.venue;
    return rows.map((r) =>
      tradeObject(state, spec, {
        tradeId: Number(r.trade_id),
        time: Number(r.time),
        price: Number(r.price),
        lots: Number(r.lots),
        notional: 0n,
        takerSide: r.side === 'buy' ? 'buy' : 'sell',
        rpi: rpi.has(Number(r.trade_id)),
      }),
    );
  }
}

export const tradesChannel =
  (pacing: TradesPacing) =>
  (ctx: StreamContext): Channel =>
    new TradesChannel(ctx, pacing);
