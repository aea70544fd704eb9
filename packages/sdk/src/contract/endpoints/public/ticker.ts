import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';

/** Reference §4.5: rolling 24-hour statistics per market (cached 1 s). */
export const ticker = {
  kind: 'public',
  method: 'GET',
  path: '/api/v4/public/ticker',
  summary: '24-hour ticker',
  follows: 'reference §4.5',
  response: Type.Record(
    Type.String(),
    Type.Object({
      base_id: Type.Integer(),
      quote_id: Type.Integer(),
      last_price: DecimalString,
      quote_volume: DecimalString,
      base_volume: DecimalString,
      isFrozen: Type.Boolean(),
      change: Type.String(),
    }),
  ),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
