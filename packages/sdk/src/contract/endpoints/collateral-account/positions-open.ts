import { Type } from 'typebox';
import { OpenPositionShape } from '../../collateral-shapes.js';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §6.4: open positions, optionally of one `market`. */
export const collateralPositionsOpen = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/collateral-account/positions/open',
  summary: 'Open positions',
  follows: 'reference §6.4',
  permission: 'trading',
  request: Type.Object({ ...AuthFields, market: Type.Optional(Type.String()) }),
  response: Type.Array(OpenPositionShape),
  successStatus: 200,
  rateLimit: RATE_LIMITS.collateralRead,
} as const satisfies PrivateEndpoint;
