import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §6.6: turns hedge mode on or off; refused (113) while futures positions or orders exist. */
export const collateralHedgeModeUpdate = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/collateral-account/hedge-mode/update',
  summary: 'Turn hedge mode on or off',
  follows: 'reference §6.6',
  permission: 'trading',
  request: Type.Object({ ...AuthFields, hedgeMode: Type.Optional(Type.Boolean()) }),
  response: Type.Object({ hedgeMode: Type.Boolean() }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.collateralWrite,
} as const satisfies PrivateEndpoint;
