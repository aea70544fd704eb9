import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';
import { V1_FOLLOWS, LegacyEnvelope } from './legacy-envelope.js';

/**
 * API V1 "Trade History": a market's recent trades with an id above `lastId`, newest first, at most
 * `limit` (1–100, default 50) of the 100 most recent; `type` is the taker's side, `time` in seconds.
 */
export const historyV1 = {
  kind: 'public',
  method: 'GET',
  path: '/api/v1/public/history',
  summary: 'Recent trades after an id (API V1)',
  follows: V1_FOLLOWS,
  query: Type.Object({
    market: Type.String({ examples: ['BTC_USDT'] }),
    lastId: Type.String({ examples: ['1'] }),
    limit: Type.Optional(Type.String()),
  }),
  response: LegacyEnvelope(
    Type.Array(
      Type.Object({
        id: Type.Integer(),
        time: Type.Number({ description: 'Unix seconds with microseconds' }),
        price: DecimalString,
        amount: DecimalString,
        type: Type.String(),
      }),
    ),
  ),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
