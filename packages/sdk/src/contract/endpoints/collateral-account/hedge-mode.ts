import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §6.6: whether hedge mode is on. */
export const collateralHedgeMode = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/collateral-account/hedge-mode',
  summary: 'Hedge mode of the collateral account',
  follows: 'reference §6.6',
  permission: 'trading',
  request: Type.Object({ ...AuthFields }),
  response: Type.Object({ hedgeMode: Type.Boolean() }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.collateralRead,
} as const satisfies PrivateEndpoint;
