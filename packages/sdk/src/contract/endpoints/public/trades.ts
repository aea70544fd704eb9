import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';

/** Reference §4.9: the 100 most recent trades; `quote_volume` is the stock amount and `base_volume` the money (the inverted names of the API). */
export const trades = {
  kind: 'public',
  method: 'GET',
  path: '/api/v4/public/trades/:market',
  summary: 'Recent trades',
  follows: 'reference §4.9',
  params: Type.Object({ market: Type.String() }),
  query: Type.Object({ type: Type.Optional(Type.String()) }),
  response: Type.Array(
    Type.Object({
      tradeID: Type.Integer(),
      price: DecimalString,
      quote_volume: DecimalString,
      base_volume: DecimalString,
      trade_timestamp: Type.Integer(),
      type: Type.String(),
      rpi: Type.Boolean(),
    }),
  ),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
