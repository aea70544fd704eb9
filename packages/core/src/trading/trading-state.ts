import type { BookFactory, OrderBook } from '../book/book.js';
import { fastBook } from '../book/fast-book.js';
import type { Exec } from './execution.js';
import type { Order } from './order.js';
import { StopList } from './stop-list.js';

/** A user's open orders as a list linked through `Order.userPrev` / `userNext`, in id order. */
export interface UserOrders {
  head: Order | null;
  tail: Order | null;
  count: number;
}

/** One market's live trading: its book, its waiting stops and the price of its last trade. */
export interface MarketTrading {
  readonly book: OrderBook<Order>;
  readonly stops: StopList;
  /** Ticks; null until the first trade. */
  lastPrice: number | null;
  /** The market's execution context, valid while its spec is the one it was made for (never encoded). */
  exec: Exec | null;
}

/**
 * Everything trading adds to the state. `orders`, `byClientId` and `byUser` index the open orders
 * of the books and trigger lists; they are rebuilt from those on decoding, never encoded.
 */
export interface TradingState {
  nextOrderId: number;
  nextTradeId: number;
  readonly markets: Map<string, MarketTrading>;
  readonly orders: Map<number, Order>;
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
    orders: new Map(),
    byClientId: new Map(),
    byUser: new Map(),
    indexPrices: new Map(),
    newBook,
  };
}

export function marketTrading(t: TradingState, market: string): MarketTrading {
  let m = t.markets.get(market);
  if (m === undefined) {
    m = { book: t.newBook<Order>(), stops: new StopList(), lastPrice: null, exec: null };
    t.markets.set(market, m);
  }
  return m;
}

export function clientIdKey(user: string, market: string, clientOrderId: string): string {
  return `${user}\u0000${market}\u0000${clientOrderId}`;
}

/** Registers an order as open in the indexes. */
export function indexOpen(t: TradingState, o: Order): void {
  t.orders.set(o.id, o);
  if (o.clientOrderId !== '') t.byClientId.set(clientIdKey(o.user, o.market, o.clientOrderId), o.id);
  let list = t.byUser.get(o.user);
  if (list === undefined) {
    list = { head: null, tail: null, count: 0 };
    t.byUser.set(o.user, list);
  }
  o.userPrev = list.tail;
  o.userNext = null;
  if (list.tail === null) list.head = o;
  else list.tail.userNext = o;
  list.tail = o;
  list.count++;
}

export function unindexOpen(t: TradingState, o: Order): void {
  t.orders.delete(o.id);
  if (o.clientOrderId !== '') t.byClientId.delete(clientIdKey(o.user, o.market, o.clientOrderId));
  const list = t.byUser.get(o.user);
  if (list === undefined) return;
  if (o.userPrev === null) list.head = o.userNext;
  else o.userPrev.userNext = o.userNext;
  if (o.userNext === null) list.tail = o.userPrev;
  else o.userNext.userPrev = o.userPrev;
  o.userPrev = null;
  o.userNext = null;
  if (--list.count === 0) t.byUser.delete(o.user);
}

/** A user's open orders, oldest first. */
export function openOrdersOf(t: TradingState, user: string): Order[] {
  const out: Order[] = [];
  for (let o = t.byUser.get(user)?.head ?? null; o !== null; o = o.userNext) out.push(o);
  return out;
}
