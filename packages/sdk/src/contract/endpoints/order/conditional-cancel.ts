import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { OCO_FOLLOWS } from '../../oco-shapes.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/**
 * Cancels a conditional group by `market` and `id`, as `conditional-orders` lists it: an OCO group
 * with both legs, or an OTO group with its parent and live legs. Answers an empty array.
 */
export const orderConditionalCancel = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/conditional-cancel',
  summary: 'Cancel a conditional order (OCO or OTO group)',
  follows: `${OCO_FOLLOWS}; decisions: Conditional cancel`,
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    market: Type.Optional(Type.String()),
    id: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  }),
  response: Type.Array(Type.Unknown(), { maxItems: 0 }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
