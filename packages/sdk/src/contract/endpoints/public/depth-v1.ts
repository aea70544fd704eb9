import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';
import { V1_FOLLOWS } from './legacy-envelope.js';

/**
 * API V1 "Order depth": the book's visible levels, best first, not wrapped; `market` in the query
 * (the path ends in the literal `result`), `limit` 1–100 (default 100, clamped). Cached 100 ms.
 */
export const depthV1 = {
  kind: 'public',
  method: 'GET',
  path: '/api/v1/public/depth/result',
  summary: 'Order book (API V1)',
  follows: V1_FOLLOWS,
  query: Type.Object({
    market: Type.String({ examples: ['BTC_USDT'] }),
    limit: Type.Optional(Type.String()),
  }),
  response: Type.Object({
    asks: Type.Array(Type.Tuple([DecimalString, DecimalString])),
    bids: Type.Array(Type.Tuple([DecimalString, DecimalString])),
  }),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
