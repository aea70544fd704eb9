import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { OCO_FOLLOWS, OcoGroupShape } from '../../oco-shapes.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Cancels a live OCO group by `market` and exactly one of `orderId` (the group's id) / `clientOrderId`. */
export const orderOcoCancel = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/oco-cancel',
  summary: 'Cancel an OCO group',
  follows: OCO_FOLLOWS,
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    market: Type.Optional(Type.String()),
    orderId: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    clientOrderId: Type.Optional(Type.String()),
  }),
  response: OcoGroupShape,
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
