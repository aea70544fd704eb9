import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';
import { MarketInfoV1Fields } from './market-info-fields.js';

/** Reference §4.4: every market open for trading; precisions as strings, fees as percents. */
export const markets = {
  kind: 'public',
  method: 'GET',
  path: '/api/v4/public/markets',
  summary: 'Markets',
  follows: 'reference §4.4',
  response: Type.Array(
    Type.Object({
      ...MarketInfoV1Fields,
      minTotal: DecimalString,
      maxTotal: DecimalString,
      tradesEnabled: Type.Boolean(),
      isCollateral: Type.Boolean(),
      type: Type.String(),
      isTradFiFutures: Type.Boolean(),
      delistedAt: Type.Null(),
    }),
  ),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
