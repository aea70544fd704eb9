import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { ConditionalRecordShape, ListingFields, OCO_FOLLOWS } from '../../oco-shapes.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/**
 * The caller's live conditional orders: OCO groups and open OTO parents, oldest first, paged by
 * `limit` 1–100 (100) and `offset` ≥ 0, with their `total`.
 */
export const conditionalOrders = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/conditional-orders',
  summary: 'Open conditional orders (OCO and OTO)',
  follows: OCO_FOLLOWS,
  permission: 'trading',
  request: Type.Object({ ...AuthFields, ...ListingFields }),
  response: Type.Object({
    limit: Type.Integer(),
    offset: Type.Integer(),
    total: Type.Integer(),
    records: Type.Array(ConditionalRecordShape),
  }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.orders,
} as const satisfies PrivateEndpoint;
