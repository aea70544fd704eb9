import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { BookShape } from '../../book-shape.js';

/** Reference §4.8: `limit` 0–100 (0: 100), `level` 0–10 aggregation (clamped); cached 100 ms. */
export const orderbook = {
  kind: 'public',
  method: 'GET',
  path: '/api/v4/public/orderbook/:market',
  summary: 'Order book',
  follows: 'reference §4.8',
  params: Type.Object({ market: Type.String() }),
  query: Type.Object({ limit: Type.Optional(Type.String()), level: Type.Optional(Type.String()) }),
  response: BookShape,
  rateLimit: RATE_LIMITS.publicOrderbook,
} as const satisfies PublicEndpoint;
