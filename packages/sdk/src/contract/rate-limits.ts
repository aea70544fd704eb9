import { TEN_SECONDS, type RateLimitRule } from './endpoint.js';

/** The API's published limits (reference §3.1), per 10 seconds. Operators may override each group. */
export const RATE_LIMITS = {
  public: { group: 'public', limit: 2000, windowMs: TEN_SECONDS },
  /** Counted on top of `public`: the full order book is the one public endpoint limited tighter. */
  publicOrderbook: { group: 'public-orderbook', limit: 600, windowMs: TEN_SECONDS },
  order: { group: 'order', limit: 10_000, windowMs: TEN_SECONDS },
  orders: { group: 'orders', limit: 12_000, windowMs: TEN_SECONDS },
  tradeAccount: { group: 'trade-account', limit: 12_000, windowMs: TEN_SECONDS },
  collateralRead: { group: 'collateral-read', limit: 12_000, windowMs: TEN_SECONDS },
  collateralWrite: { group: 'collateral-write', limit: 1000, windowMs: TEN_SECONDS },
  mainAccount: { group: 'main-account', limit: 1000, windowMs: TEN_SECONDS },
  mainAccountHistory: { group: 'main-account-history', limit: 200, windowMs: TEN_SECONDS },
  /** Applying codes has its own limit, per second (reference §3.1). */
  codesApply: { group: 'codes-apply', limit: 60, windowMs: 1000 },
  mining: { group: 'mining', limit: 1000, windowMs: TEN_SECONDS },
  subAccount: { group: 'sub-account', limit: 1000, windowMs: TEN_SECONDS },
  /** WebSocket tokens (websocket spec §4): 10 per 60 seconds per key. */
  websocketToken: { group: 'websocket-token', limit: 10, windowMs: 6 * TEN_SECONDS },
} as const satisfies Record<string, RateLimitRule>;
