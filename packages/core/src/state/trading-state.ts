import type { BookFactory, OrderBook } from '../book/book.js';
import { fastBook } from '../book/fast-book.js';
import type { Order } from './order.js';
import { OrderIndex } from './order-index.js';
import { StopList } from './stop-list.js';

/**
 * A user's open orders: their ids in id (placement) order, among ids of orders that have finished
 * since. Finishing an order only counts it out, and finished ids are dropped once they outnumber
 * the open ones: unindexing touches nothing but this count, where a list linked through the orders
 * would write both neighbours, cold in memory by then.
 */
export interface UserOrders {
  /** Ids of the user's open orders, ascending, and of some finished ones (no longer in `orders`). */
  ids: number[];
  /** How many of `ids` are open. */
  count: number;
}

/** Finished ids a list carries beyond as many as it has open ones, before it is compacted. */
const FINISHED_IDS_SLACK = 32;

/** One market's live trading: its book, its waiting stops and the price of its last trade. */
export interface MarketTrading {
  readonly book: OrderBook<Order>;
  readonly stops: StopList;
  /** Ticks; null until the first trade. */
  lastPrice: number | null;
  /**
   * The market's execution context, valid while its spec is the one it was made for (never encoded).
   * Made and read by trading/exec-context alone, which gives it its type: the rules that define it
   * stand above the state.
   */
  exec: object | null;
}

/**
 * Everything trading adds to the state. `orders`, `byClientId` and `byUser` index the open orders
 * of the books and trigger lists; they are rebuilt from those on decoding, never encoded.
 */
export interface TradingState {
  nextOrderId: number;
  nextTradeId: number;
  readonly markets: Map<string, MarketTrading>;
  readonly orders: OrderIndex;
  /** `user \u0000 market \u0000 clientOrderId` → order id, for open orders with a client id. */
  readonly byClientId: Map<string, number>;
  /** Open orders per user, oldest first (an intrusive list through the orders). */
  readonly byUser: Map<string, UserOrders>;
  /** Index prices per asset ticker, in USDT over 10^INDEX_PRICE_DECIMALS. */
  readonly indexPrices: Map<string, bigint>;
  /** Makes the books: the fast book in production, the naive one in model tests. */
  readonly newBook: BookFactory;
}

export const INDEX_PRICE_DECIMALS = 18;

export function createTradingState(newBook: BookFactory = fastBook): TradingState {
  return {
    nextOrderId: 1,
    nextTradeId: 1,
    markets: new Map(),
    orders: new OrderIndex(),
    byClientId: new Map(),
    byUser: new Map(),
    indexPrices: new Map(),
    newBook,
  };
}

export function marketTrading(trading: TradingState, name: string): MarketTrading {
  let market = trading.markets.get(name);
  if (market === undefined) {
    market = { book: trading.newBook<Order>(), stops: new StopList(), lastPrice: null, exec: null };
    trading.markets.set(name, market);
  }
  return market;
}

export function clientIdKey(user: string, market: string, clientOrderId: string): string {
  return `${user}\u0000${market}\u0000${clientOrderId}`;
}

/** Registers an order as open in the indexes. Orders are indexed as they take ids, so in id order. */
export function indexOpen(trading: TradingState, order: Order): void {
  trading.orders.set(order);
  if (order.clientOrderId !== '')
    trading.byClientId.set(clientIdKey(order.user, order.market, order.clientOrderId), order.id);
  let list = trading.byUser.get(order.user);
  if (list === undefined) {
    list = { ids: [], count: 0 };
    trading.byUser.set(order.user, list);
  }
  const ids = list.ids;
  if (ids.length === 0 || (ids[ids.length - 1] as number) < order.id) ids.push(order.id);
  else ids.splice(firstAbove(ids, order.id), 0, order.id);
  list.count++;
}

export function unindexOpen(trading: TradingState, order: Order): void {
  trading.orders.delete(order.id);
  if (order.clientOrderId !== '') trading.byClientId.delete(clientIdKey(order.user, order.market, order.clientOrderId));
  const list = trading.byUser.get(order.user);
  if (list === undefined) return;
  if (--list.count === 0) trading.byUser.delete(order.user);
  // a built-in filter, not a loop of our own: a loop run this rarely is compiled on the fly (OSR)
  // before its exit has any type feedback, and V8 then leaves and re-enters that code on every call
  else if (list.ids.length > 2 * list.count + FINISHED_IDS_SLACK) list.ids = list.ids.filter(isOpen, trading.orders);
}

/** Whether an id is of an open order (`this`: the open orders), for compacting a user's list. */
function isOpen(this: OrderIndex, id: number): boolean {
  return this.has(id);
}

/** Index of the first id above `id` in ascending `ids`. */
function firstAbove(ids: number[], id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ids[mid] as number) <= id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A user's open orders, oldest first. */
export function openOrdersOf(trading: TradingState, user: string): Order[] {
  const out: Order[] = [];
  const list = trading.byUser.get(user);
  if (list === undefined) return out;
  for (const id of list.ids) {
    const order = trading.orders.get(id);
    if (order !== undefined) out.push(order);
  }
  return out;
}
