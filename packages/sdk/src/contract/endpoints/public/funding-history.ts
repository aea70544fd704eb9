import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';

const SecondsString = Type.String({ pattern: '^[0-9]+$', description: 'Unix time in seconds' });

/**
 * Reference §4.12: a perpetual's funding settlements, newest first; `startDate` / `endDate` in
 * seconds, `limit` 1–100 (100 by default), `offset` 0–1 000 000.
 */
export const fundingHistory = {
  kind: 'public',
  method: 'GET',
  path: '/api/v4/public/funding-history/:market',
  summary: 'Funding settlements of a perpetual',
  follows: 'reference §4.12',
  params: Type.Object({ market: Type.String() }),
  query: Type.Object({
    startDate: Type.Optional(Type.String()),
    endDate: Type.Optional(Type.String()),
    limit: Type.Optional(Type.String()),
    offset: Type.Optional(Type.String()),
  }),
  response: Type.Array(
    Type.Object({
      fundingTime: SecondsString,
      fundingRate: DecimalString,
      market: Type.String(),
      settlementPrice: DecimalString,
      rateCalculatedTime: SecondsString,
    }),
  ),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
