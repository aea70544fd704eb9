import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { DealShape } from '../../order-shapes.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Executed deals of the account, newest first: an array for one `market`, else grouped by market. */
export const executedHistory = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/trade-account/executed-history',
  summary: 'Executed deals',
  follows: 'decisions: Read shapes the reference leaves open',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    market: Type.Optional(Type.String()),
    clientOrderId: Type.Optional(Type.String()),
    startDate: Type.Optional(Type.Integer()),
    endDate: Type.Optional(Type.Integer()),
    limit: Type.Optional(Type.Integer()),
    offset: Type.Optional(Type.Integer()),
  }),
  response: Type.Union([Type.Array(DealShape), Type.Record(Type.String(), Type.Array(DealShape))]),
  successStatus: 200,
  rateLimit: RATE_LIMITS.tradeAccount,
} as const satisfies PrivateEndpoint;
