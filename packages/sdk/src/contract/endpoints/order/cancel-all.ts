import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §5.6: every open order, optionally of one `market` and of the `type`s named (`spot`, `margin`, `futures`). */
export const orderCancelAll = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/cancel/all',
  summary: 'Cancel all orders',
  follows: 'reference §5.6',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    market: Type.Optional(Type.String()),
    type: Type.Optional(Type.Array(Type.String())),
  }),
  response: Type.Array(Type.Unknown(), { maxItems: 0 }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
