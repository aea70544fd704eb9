import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { MarketInfoV1Fields } from './market-info-fields.js';
import { V1_FOLLOWS, LegacyEnvelope } from './legacy-envelope.js';

/** API V1 "Market Info": the markets open for trading, precisions as strings and fees as percents. */
export const marketsV1 = {
  kind: 'public',
  method: 'GET',
  path: '/api/v1/public/markets',
  summary: 'Markets (API V1)',
  follows: V1_FOLLOWS,
  response: LegacyEnvelope(Type.Array(Type.Object(MarketInfoV1Fields))),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
