import { finishedOf, userFinishedOrders, type FinishedOrder } from '../../store/user-history.js';
import type { AppliedCommand, Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { atMost, marketParam, oneOf, pageParams } from '../params.js';
import { invalidArgument, pushFrame } from '../protocol.js';
import { AccountChannel } from './account-channel.js';
import { userOf } from './account-followers.js';
import { inSet, nestedMarkets, type MarketSet } from './market-set.js';
import { executedOrder, passesFilter, typeCode } from './order-object.js';
import { FramesPerCommit } from './frames-per-commit.js';
import { PUSH_RANK } from './per-commit.js';

/** What an `ordersExecuted` subscription follows: markets, and 0 every order, 1 limit, 2 market orders. */
interface Terms {
  readonly markets: MarketSet;
  readonly filter: number;
}

/** What a finished order's frame is matched on: its market and its type id. */
type Tag = readonly [string, number];

function accepts(terms: Terms, [market, type]: Tag): boolean {
  return inSet(terms.markets, market) && passesFilter(type, terms.filter);
}

/** The `order_types` of a request: type ids (websocket spec §7.1); none: every type. */
function orderTypes(value: unknown): ReadonlySet<number> | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((t) => Number.isInteger(t))) {
    throw invalidArgument('order_types must be a list of order type ids');
  }
  return value.length === 0 ? null : new Set(value as number[]);
}

/**
 * `ordersExecuted` (websocket spec §7.5): every order of the account that finishes — filled or
 * cancelled — on the markets subscribed (`[[…], filter]`; `[[]]`: all), once the commit is durable.
 * `_request` pages the finished orders of one market, newest first, from the same history REST
 * reads.
 */
export class OrdersExecutedChannel extends AccountChannel<Terms> {
  readonly oneShot = 'request';
  private readonly frames: FramesPerCommit<Terms, Tag>;

  constructor(ctx: StreamContext) {
    super('ordersExecuted', ctx);
    this.frames = new FramesPerCommit(ctx.outbox, this.followers, accepts, PUSH_RANK.ordersExecuted);
  }

  async request(conn: WsConnection, params: readonly unknown[]): Promise<unknown> {
    atMost(params, 3);
    const { state } = this.ctx.venue;
    const query = params[0];
    if (typeof query !== 'object' || query === null || Array.isArray(query)) {
      throw invalidArgument('the first param is {"market", "order_types"}');
    }
    const { market, order_types: types } = query as Record<string, unknown>;
    const spec = marketParam(state, market);
    const wanted = orderTypes(types);
    const { offset, limit } = pageParams(params);
    const rows = await this.ctx.reads.read(conn, async (store) => {
      const q = (await userFinishedOrders(store, userOf(conn)))
        .where('market', '=', spec.name)
        .orderBy('order_id', 'desc');
      // a type filter reads every row of the market: the type is inside each row's data
      return (wanted === null ? q.limit(limit).offset(offset) : q).execute();
    });
    let orders: FinishedOrder[] = rows.map(finishedOf);
    if (wanted !== null) orders = orders.filter((f) => wanted.has(typeCode(f.order))).slice(offset, offset + limit);
    return { limit, offset, records: orders.map((f) => executedOrder(state, f.order, f.reason)) };
  }

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    atMost(params, 2);
    const markets = nestedMarkets(this.ctx.venue.state, params[0]);
    const filter = oneOf(params[1] ?? 0, 'filter', [0, 1, 2]);
    this.followers.follow(conn, { markets, filter });
    this.frames.cut();
  }

  onCommand({ events }: AppliedCommand): void {
    if (this.followers.empty) return;
    const { state } = this.ctx.venue;
    for (const e of events) {
      if (e.type !== 'OrderFinished' || !this.followers.wants(e.order.user)) continue;
      const o = e.order;
      const text = pushFrame('ordersExecuted_update', jsonText([executedOrder(state, o, e.reason)]));
      this.frames.push(o.user, [o.market, typeCode(o)], text);
    }
  }

  protected forgetAll(): void {
    this.frames.cut();
  }
}

export const ordersExecutedChannel = (ctx: StreamContext): Channel => new OrdersExecutedChannel(ctx);
