import { Type } from 'typebox';
import { CollateralOrderFields, CollateralOrderShape } from '../../collateral-shapes.js';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §6.1: a market order whose amount is stock on both sides. */
export const collateralMarket = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/collateral/market',
  summary: 'Place a collateral market order',
  follows: 'reference §6.1',
  permission: 'trading',
  request: Type.Object({ ...AuthFields, ...CollateralOrderFields }),
  response: CollateralOrderShape,
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
