import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { MarketInfoV2Fields } from './market-info-fields.js';
import { V2_FOLLOWS, LegacyEnvelope } from './legacy-envelope.js';

/** API V2 "Market Info": the markets open for trading with their minimum total; fees as percents. */
export const marketsV2 = {
  kind: 'public',
  method: 'GET',
  path: '/api/v2/public/markets',
  summary: 'Markets (API V2)',
  follows: V2_FOLLOWS,
  response: LegacyEnvelope(Type.Array(Type.Object(MarketInfoV2Fields))),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
