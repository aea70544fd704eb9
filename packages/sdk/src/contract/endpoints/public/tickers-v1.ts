import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';
import { V1_FOLLOWS, LegacyEnvelope } from './legacy-envelope.js';

/** API V1 "Market Activity": every market's 24-hour figures by name; `vol` in stock, `deal` in money, `at` in seconds. */
export const tickersV1 = {
  kind: 'public',
  method: 'GET',
  path: '/api/v1/public/tickers',
  summary: "Every market's 24-hour ticker (API V1)",
  follows: V1_FOLLOWS,
  response: LegacyEnvelope(
    Type.Record(
      Type.String(),
      Type.Object({
        ticker: Type.Object({
          bid: DecimalString,
          ask: DecimalString,
          low: DecimalString,
          high: DecimalString,
          last: DecimalString,
          vol: DecimalString,
          deal: DecimalString,
          change: Type.String({ description: 'Percent change from open to last' }),
        }),
        at: Type.Integer({ description: 'Unix seconds' }),
      }),
    ),
  ),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
