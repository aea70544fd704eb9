import { Type } from 'typebox';
import { CollateralOrderShape } from '../../collateral-shapes.js';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

const MaybeOrder = Type.Union([CollateralOrderShape, Type.Null()]);

/**
 * Reference §6.1: cancels an OTO group by `market` and `otoId` — its parent if still open, and its
 * live legs; answers the group with its orders as they ended (null where there was none).
 */
export const orderOtoCancel = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/oto-cancel',
  summary: 'Cancel an OTO group',
  follows: 'reference §6.1',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    market: Type.Optional(Type.String()),
    otoId: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  }),
  response: Type.Object({
    otoId: Type.Integer(),
    orderId: Type.Integer(),
    order: MaybeOrder,
    stopLoss: MaybeOrder,
    takeProfit: MaybeOrder,
  }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
