import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { OrderShape } from '../../order-shapes.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

const Figure = Type.Union([Type.String(), Type.Number()]);

/**
 * Reference §5.9: `market`, exactly one of `orderId` / `clientOrderId`, and at least one of
 * `amount`, `total` (buy stop-market orders, instead of `amount`), `price`, `activationPrice`. The
 * order is cancelled and re-created with a new id; the answer is an array holding the new order.
 */
export const orderModify = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/modify',
  summary: 'Modify an order',
  follows: 'reference §5.9–5.10; decisions: Order modification',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    market: Type.String(),
    orderId: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    order_id: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    clientOrderId: Type.Optional(Type.String()),
    client_order_id: Type.Optional(Type.String()),
    amount: Type.Optional(Figure),
    total: Type.Optional(Figure),
    price: Type.Optional(Figure),
    activationPrice: Type.Optional(Figure),
    activation_price: Type.Optional(Figure),
  }),
  response: Type.Array(OrderShape, { minItems: 1, maxItems: 1 }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
