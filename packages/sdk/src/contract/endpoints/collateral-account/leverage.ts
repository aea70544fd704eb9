import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §6.5: sets the account leverage, one of 1, 2, 3, 5, 10, 20, 50, 100. */
export const collateralLeverage = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/collateral-account/leverage',
  summary: 'Set the collateral account leverage',
  follows: 'reference §6.5',
  permission: 'trading',
  request: Type.Object({ ...AuthFields, leverage: Type.Optional(Type.Union([Type.Integer(), Type.String()])) }),
  response: Type.Object({ leverage: Type.Integer() }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.collateralWrite,
} as const satisfies PrivateEndpoint;
