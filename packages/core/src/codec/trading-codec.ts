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
export function encodeTrading(trading: TradingState): EncodedTrading {
  const markets = new Map<string, EncodedMarketTrading>();
  for (const [name, market] of trading.markets) {
    if (market.lastPrice === null && market.book.size === 0 && market.stops.size === 0) continue;
    markets.set(name, {
      lastPrice: market.lastPrice,
      bids: market.book.entries('buy').map(orderData),
      asks: market.book.entries('sell').map(orderData),
      stopsGte: market.stops.gte.map(orderData),
      stopsLte: market.stops.lte.map(orderData),
    });
  }
  return {
    nextOrderId: trading.nextOrderId,
    nextTradeId: trading.nextTradeId,
    indexPrices: trading.indexPrices,
    markets,
  };
}

export function decodeTrading(encoded: EncodedTrading, book?: BookFactory): TradingState {
  const trading = createTradingState(book);
  trading.nextOrderId = encoded.nextOrderId;
  trading.nextTradeId = encoded.nextTradeId;
  for (const [ticker, price] of encoded.indexPrices) trading.indexPrices.set(ticker, price);
  const open: Order[] = [];
  for (const [name, encodedMarket] of encoded.markets) {
    const market = marketTrading(trading, name);
    market.lastPrice = encodedMarket.lastPrice;
    const add = (data: OrderData, place: (order: Order) => void): void => {
      const order = fromOrderData(data);
      place(order);
      open.push(order);
    };
    for (const data of encodedMarket.bids) add(data, (order) => market.book.add(order));
    for (const data of encodedMarket.asks) add(data, (order) => market.book.add(order));
    for (const data of [...encodedMarket.stopsGte, ...encodedMarket.stopsLte])
      add(data, (order) => market.stops.add(order));
  }
  // the per-user lists run in id order
  for (const order of open.sort((a, b) => a.id - b.id)) indexOpen(trading, order);
  return trading;
}
