import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { OrderShape } from '../../order-shapes.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §5.6: `market` and exactly one of `orderId` / `clientOrderId`; answers the final order. */
export const orderCancel = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/cancel',
  summary: 'Cancel an order',
  follows: 'reference §5.6',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    market: Type.Optional(Type.String()),
    orderId: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    order_id: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    clientOrderId: Type.Optional(Type.String()),
    client_order_id: Type.Optional(Type.String()),
  }),
  response: OrderShape,
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
