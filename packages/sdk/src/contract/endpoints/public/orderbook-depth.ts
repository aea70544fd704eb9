import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { BookShape } from '../../book-shape.js';

/** Reference §4.8: the levels within ±2 % of the last price; cached 1 s. */
export const orderbookDepth = {
  kind: 'public',
  method: 'GET',
  path: '/api/v4/public/orderbook/depth/:market',
  summary: 'Order book depth',
  follows: 'reference §4.8',
  params: Type.Object({ market: Type.String() }),
  response: BookShape,
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
