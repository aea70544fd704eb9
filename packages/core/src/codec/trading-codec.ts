import type { BookFactory } from '../book/book.js';
import { fromOrderData, orderData, type Order, type OrderData } from '../state/order.js';
import { createTradingState, indexOpen, marketTrading, type TradingState } from '../state/trading-state.js';

/** A market's trading as plain data: orders in priority (and trigger) order, so books of any kind encode alike. */
export interface EncodedMarketTrading {
  readonly lastPrice: number | null;
  readonly bids: OrderData[];
  readonly asks: OrderData[];
  readonly stopsGte: OrderData[];
  readonly stopsLte: OrderData[];
}

export interface EncodedTrading {
  readonly nextOrderId: number;
  readonly nextTradeId: number;
  readonly indexPrices: Map<string, bigint>;
  readonly markets: Map<string, EncodedMarketTrading>;
}

/**
 * The canonical form of the trading state. The indexes are left out (they follow from the orders),
 * and so are markets that hold nothing yet.
 */
export function encodeTrading(t: TradingState): EncodedTrading {
  const markets = new Map<string, EncodedMarketTrading>();
  for (const [name, m] of t.markets) {
    if (m.lastPrice === null && m.book.size === 0 && m.stops.size === 0) continue;
    markets.set(name, {
      lastPrice: m.lastPrice,
      bids: m.book.entries('buy').map(orderData),
      asks: m.book.entries('sell').map(orderData),
      stopsGte: m.stops.gte.map(orderData),
      stopsLte: m.stops.lte.map(orderData),
    });
  }
  return { nextOrderId: t.nextOrderId, nextTradeId: t.nextTradeId, indexPrices: t.indexPrices, markets };
}

export function decodeTrading(e: EncodedTrading, book?: BookFactory): TradingState {
  const t = createTradingState(book);
  t.nextOrderId = e.nextOrderId;
  t.nextTradeId = e.nextTradeId;
  for (const [ticker, price] of e.indexPrices) t.indexPrices.set(ticker, price);
  const open: Order[] = [];
  for (const [name, em] of e.markets) {
    const m = marketTrading(t, name);
    m.lastPrice = em.lastPrice;
    const add = (d: OrderData, place: (o: Order) => void): void => {
      const o = fromOrderData(d);
      place(o);
      open.push(o);
    };
    for (const d of em.bids) add(d, (o) => m.book.add(o));
    for (const d of em.asks) add(d, (o) => m.book.add(o));
    for (const d of [...em.stopsGte, ...em.stopsLte]) add(d, (o) => m.stops.add(o));
  }
  // the per-user lists run in id order
  for (const o of open.sort((a, b) => a.id - b.id)) indexOpen(t, o);
  return t;
}
