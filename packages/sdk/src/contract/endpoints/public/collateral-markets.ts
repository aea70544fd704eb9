import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';

/** Reference §4.10: the markets open to collateral trading, wrapped. */
export const collateralMarkets = {
  kind: 'public',
  method: 'GET',
  path: '/api/v4/public/collateral/markets',
  summary: 'Collateral markets',
  follows: 'reference §4.10',
  response: Type.Object({ success: Type.Literal(true), message: Type.Null(), result: Type.Array(Type.String()) }),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
