import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { OrderShape } from '../../order-shapes.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { bulkItem } from './bulk-shapes.js';

/** The most orders one `order/bulk` request may carry (exchange docs: "From 1 to 20 orders per request"). */
export const BULK_ORDERS_MAX = 20;

/**
 * Up to 20 spot limit orders, each read as `order/new` reads one and placed in the order given; each
 * answered with its own order or its own error. With `stopOnFail` the orders after the first that
 * fails are not placed (answered with neither). All are durable in one group commit.
 */
export const orderBulk = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/bulk',
  summary: 'Place up to 20 limit orders',
  follows: 'exchange docs openapi/private/http-trade-v4.yaml; decisions: Bulk orders',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    orders: Type.Array(Type.Record(Type.String(), Type.Unknown()), { minItems: 1, maxItems: BULK_ORDERS_MAX }),
    stopOnFail: Type.Optional(Type.Boolean()),
  }),
  response: Type.Array(bulkItem(OrderShape)),
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
