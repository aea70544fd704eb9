import type { StreamAccountUpdates } from './stream-account-types.js';

/** A price level: `[price, amount]`, decimals as strings. */
export type StreamLevel = [price: string, amount: string];

/** A public trade as `trades_update` carries it. */
export interface StreamTrade {
  readonly id: number;
  /** Unix seconds with microseconds. */
  readonly time: number;
  readonly price: string;
  readonly amount: string;
  readonly type: 'buy' | 'sell';
  readonly rpi?: boolean;
}

/** The data of a `depth_update`: a snapshot has no `past_update_id`. */
export interface StreamDepth {
  readonly timestamp: number;
  readonly update_id: number;
  readonly past_update_id?: number;
  readonly asks: StreamLevel[];
  readonly bids: StreamLevel[];
  readonly event_time: number;
}

/** Rolling market statistics (`market_update`, `market_request`). */
export interface StreamMarketStats {
  readonly period: number;
  readonly last: string;
  readonly open: string;
  readonly close: string;
  readonly high: string;
  readonly low: string;
  readonly volume: string;
  readonly deal: string;
}

/** Statistics of the current UTC day (`marketToday_update`, `marketToday_query`). */
export type StreamMarketToday = Omit<StreamMarketStats, 'period' | 'close'>;

/** `[transaction_time, message_time, market, update_id, bid, bid amount, ask, ask amount]`. */
export type StreamBookTicker = [number, number, string, number, string, string, string, string];

/** `[market, mark_price, index_price, funding_rate, next_funding_time, server_time?]`. */
export type StreamPremiumIndex = [string, string, string, string, number, number?];

/** `[time, open, close, high, low, volume (stock), deal (money), market]`, time in Unix seconds. */
export type StreamCandle = [number, string, string, string, string, string, string, string];

/**
 * The `params` of each channel's `<channel>_update`, by channel name: what a subscriber's callback
 * receives. Channels not listed here arrive as `unknown`.
 */
export interface StreamUpdates extends StreamAccountUpdates {
  trades: [market: string, trades: StreamTrade[]];
  lastprice: [market: string, price: string];
  depth: [full: boolean, data: StreamDepth, market: string];
  market: [market: string, stats: StreamMarketStats];
  marketToday: [market: string, stats: StreamMarketToday];
  bookTicker: [StreamBookTicker];
  premiumIndex: StreamPremiumIndex | StreamPremiumIndex[];
  candles: StreamCandle[];
}

export type StreamChannel = keyof StreamUpdates | (string & {});

export type UpdateOf<C extends string> = C extends keyof StreamUpdates ? StreamUpdates[C] : unknown;

/** An error answer of the WebSocket API (websocket spec §3). */
export class TxcStreamError extends Error {
  override readonly name = 'TxcStreamError';

  constructor(
    readonly code: number,
    message: string,
    readonly method: string,
  ) {
    super(`${method}: ${message} (code ${code})`);
  }
}
