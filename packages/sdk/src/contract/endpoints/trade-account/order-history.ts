import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { HistoryOrderShape } from '../../order-shapes.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §5.8: finished orders grouped by market, newest first. */
export const orderHistory = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/trade-account/order/history',
  summary: 'Finished orders',
  follows: 'reference §5.8',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    market: Type.Optional(Type.String()),
    orderId: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    clientOrderId: Type.Optional(Type.String()),
    status: Type.Optional(Type.String()),
    startDate: Type.Optional(Type.Integer()),
    endDate: Type.Optional(Type.Integer()),
    limit: Type.Optional(Type.Integer()),
    offset: Type.Optional(Type.Integer()),
  }),
  response: Type.Record(Type.String(), Type.Array(HistoryOrderShape)),
  successStatus: 200,
  rateLimit: RATE_LIMITS.tradeAccount,
} as const satisfies PrivateEndpoint;
