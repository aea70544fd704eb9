import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { ListingFields, OCO_FOLLOWS, OcoGroupShape } from '../../oco-shapes.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** The caller's live OCO groups, oldest first; `limit` 1–100 (50), `offset` ≥ 0; no total. */
export const ocoOrders = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/oco-orders',
  summary: 'Open OCO groups',
  follows: OCO_FOLLOWS,
  permission: 'trading',
  request: Type.Object({ ...AuthFields, ...ListingFields }),
  response: Type.Array(OcoGroupShape),
  successStatus: 200,
  rateLimit: RATE_LIMITS.orders,
} as const satisfies PrivateEndpoint;
