import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { OrderShape } from '../../order-shapes.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §5.7: open orders, newest first; `limit` 1–100 (50), `offset` 0–10000. */
export const activeOrders = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/orders',
  summary: 'Open orders',
  follows: 'reference §5.7',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    market: Type.Optional(Type.String()),
    orderId: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    clientOrderId: Type.Optional(Type.String()),
    limit: Type.Optional(Type.Integer()),
    offset: Type.Optional(Type.Integer()),
  }),
  response: Type.Array(OrderShape),
  successStatus: 200,
  rateLimit: RATE_LIMITS.orders,
} as const satisfies PrivateEndpoint;
