import { Type } from 'typebox';
import { PositionStateShape } from '../../collateral-shapes.js';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

const Integer = Type.Union([Type.Integer(), Type.String()]);

/** Every state of the caller's positions, newest first: each change with the fill that made it. */
export const collateralPositionsHistory = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/collateral-account/positions/history',
  summary: 'Position history',
  follows: 'decisions: Open positions and position history',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    market: Type.Optional(Type.String()),
    positionId: Type.Optional(Integer),
    startDate: Type.Optional(Integer),
    endDate: Type.Optional(Integer),
    limit: Type.Optional(Integer),
    offset: Type.Optional(Integer),
  }),
  response: Type.Array(PositionStateShape),
  successStatus: 200,
  rateLimit: RATE_LIMITS.collateralRead,
} as const satisfies PrivateEndpoint;
