import { openOrdersOf } from '@txc/core';
import type { AppliedCommand, Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { atMost, integerParam, marketParam } from '../params.js';
import { pushFrame } from '../protocol.js';
import { AccountFollowers, userOf } from './account-followers.js';
import { inSet, marketSet, type MarketSet } from './market-set.js';
import { OrderChanges } from './order-changes.js';
import { pendingOrder } from './order-object.js';
import { PerCommit } from './per-commit.js';

/** Records a request answers at most (websocket spec §7.4). */
const MOST = 100;

/** The frames of one group commit: whose, which market, the text. */
type Frames = [string, string, string][];

/**
 * `ordersPending` (websocket spec §7.4): a subscribe names markets (`[]`: all) and replaces the
 * previous one; each order a command changed comes as `[event, order]` once the commit is durable,
 * in journal order (see OrderChanges for the events). `_request` pages the open orders of one
 * market, newest first, as REST's active orders do.
 */
export class OrdersPendingChannel implements Channel {
  readonly name = 'ordersPending';
  readonly private = true;
  readonly oneShot = 'request';
  private readonly followers: AccountFollowers<MarketSet>;
  private readonly frames: PerCommit<Frames>;
  private readonly changes: OrderChanges;

  constructor(private readonly ctx: StreamContext) {
    this.followers = new AccountFollowers(this.name, ctx.outbox);
    const make = (): Frames => [];
    this.frames = new PerCommit(ctx.outbox, make, (frames) => this.send(frames));
    this.changes = new OrderChanges(ctx.venue.state);
  }

  request(conn: WsConnection, params: readonly unknown[]): unknown {
    atMost(params, 3);
    const { state } = this.ctx.venue;
    const spec = marketParam(state, params[0]);
    const offset = integerParam(params[1] ?? 0, 'offset', 0, 10_000);
    const limit = integerParam(params[2] ?? 50, 'limit', 1, MOST);
    const mine = openOrdersOf(state.trading, userOf(conn))
      .filter((o) => o.market === spec.name)
      .reverse();
    const records = mine
      .slice(offset, offset + limit)
      .map((o) => pendingOrder(state, o, o.activated > 1 ? o.activated : o.created));
    return { limit, offset, total: mine.length, records };
  }

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    this.followers.follow(conn, marketSet(this.ctx.venue.state, params));
    this.frames.cut();
  }

  unsubscribe(conn: WsConnection, params: readonly unknown[]): void {
    atMost(params, 0);
    this.followers.drop(conn);
  }

  disconnect(conn: WsConnection): void {
    this.followers.drop(conn);
  }

  onCommand(applied: AppliedCommand): void {
    const { state } = this.ctx.venue;
    if (this.followers.empty) return this.changes.skipTo(state);
    for (const { event, order } of this.changes.of(applied, state, (u) => this.followers.wants(u))) {
      if (!this.followers.wants(order.user)) continue;
      const text = pushFrame(
        'ordersPending_update',
        jsonText([event, pendingOrder(state, order, order.finished ?? applied.stamp.time)]),
      );
      this.frames.current().push([order.user, order.market, text]);
    }
  }

  onReset(): void {
    this.followers.clear();
    this.frames.cut();
    this.changes.skipTo(this.ctx.venue.state);
  }

  private send(frames: Frames): void {
    for (const [user, market, text] of frames) this.followers.send(user, text, (markets) => inSet(markets, market));
  }
}

export const ordersPendingChannel = (ctx: StreamContext): Channel => new OrdersPendingChannel(ctx);
