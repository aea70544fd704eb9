import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { OCO_FOLLOWS, OcoFields, OcoPlacedLegShape } from '../../oco-shapes.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/**
 * Places an OCO group on a collateral market: a limit leg at `price` (take-profit) and a stop-limit
 * leg (stop-loss) that rests at `stop_limit_price` once a trade reaches `activation_price`; when one
 * leg trades or triggers, the other is cancelled. Answers the group and its legs as placed.
 */
export const collateralOco = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/collateral/oco',
  summary: 'Place a collateral OCO order',
  follows: OCO_FOLLOWS,
  permission: 'trading',
  request: Type.Object({ ...AuthFields, ...OcoFields }),
  response: Type.Object({
    id: Type.Integer(),
    reduceOnly: Type.Boolean(),
    stop_loss: OcoPlacedLegShape,
    take_profit: OcoPlacedLegShape,
  }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
