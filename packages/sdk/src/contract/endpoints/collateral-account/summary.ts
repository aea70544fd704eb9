import { Type } from 'typebox';
import { CollateralSummaryShape } from '../../collateral-shapes.js';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Spec §4.5 and §2.3: takes `request`, `nonce` and `nonceWindow` and nothing else (code 30). */
export const collateralSummary = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/collateral-account/summary',
  summary: 'Collateral account summary',
  follows: 'spec §4.5, reference §6.2',
  permission: 'trading',
  request: Type.Object({ ...AuthFields }, { additionalProperties: false }),
  response: CollateralSummaryShape,
  successStatus: 200,
  rateLimit: RATE_LIMITS.collateralRead,
} as const satisfies PrivateEndpoint;
