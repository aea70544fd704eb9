import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { bulkItem } from './bulk-shapes.js';

/** The most cancels one `order/cancel/bulk` request may carry (exchange docs: "From 1 to 100"). */
export const BULK_CANCELS_MAX = 100;

/**
 * Up to 100 cancels, each `market` and exactly one of `orderId` / `clientOrderId`, every one tried
 * (no stop-on-failure switch); each answered with the ids of the order cancelled or its own error.
 */
export const orderCancelBulk = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/cancel/bulk',
  summary: 'Cancel up to 100 orders',
  follows: 'exchange docs openapi/private/http-trade-v4.yaml; decisions: Bulk orders',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    orders: Type.Array(Type.Unknown(), { minItems: 1, maxItems: BULK_CANCELS_MAX }),
  }),
  response: Type.Array(
    bulkItem(
      Type.Object({
        orderId: Type.Integer(),
        clientOrderId: Type.String(),
        market: Type.String(),
      }),
    ),
  ),
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
