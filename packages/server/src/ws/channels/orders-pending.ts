import { openOrdersOf } from '@txc/core';
import type { AppliedCommand, Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { atMost, marketParam, pageParams } from '../params.js';
import { pushFrame } from '../protocol.js';
import { AccountChannel } from './account-channel.js';
import { userOf } from './account-followers.js';
import { inSet, marketSet, type MarketSet } from './market-set.js';
import { OrderChanges } from './order-changes.js';
import { pendingOrder } from './order-object.js';
import { FramesPerCommit } from './frames-per-commit.js';
import { PUSH_RANK } from './per-commit.js';

/**
 * `ordersPending` (websocket spec §7.4): a subscribe names markets (`[]`: all) and replaces the
 * previous one; each order a command changed comes as `[event, order]` once the commit is durable,
 * in journal order (see OrderChanges for the events). `_request` pages the open orders of one
 * market, newest first, as REST's active orders do.
 */
export class OrdersPendingChannel extends AccountChannel<MarketSet> {
  readonly oneShot = 'request';
  private readonly frames: FramesPerCommit<MarketSet, string>;
  private readonly changes: OrderChanges;

  constructor(ctx: StreamContext) {
    super('ordersPending', ctx);
    this.frames = new FramesPerCommit(ctx.outbox, this.followers, inSet, PUSH_RANK.ordersPending);
    this.changes = new OrderChanges(ctx.venue.state);
  }

  request(conn: WsConnection, params: readonly unknown[]): unknown {
    atMost(params, 3);
    const { state } = this.ctx.venue;
    const spec = marketParam(state, params[0]);
    const { offset, limit } = pageParams(params);
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

  onCommand(applied: AppliedCommand): void {
    const { state } = this.ctx.venue;
    if (this.followers.empty) return this.changes.skipTo(state);
    for (const { event, order, reason } of this.changes.of(applied, state, (u) => this.followers.wants(u))) {
      if (!this.followers.wants(order.user)) continue;
      const text = pushFrame(
        'ordersPending_update',
        jsonText([event, pendingOrder(state, order, order.finished ?? applied.stamp.time, reason)]),
      );
      this.frames.push(order.user, order.market, text);
    }
  }

  protected forgetAll(): void {
    this.frames.cut();
    this.changes.skipTo(this.ctx.venue.state);
  }
}

export const ordersPendingChannel = (ctx: StreamContext): Channel => new OrdersPendingChannel(ctx);
