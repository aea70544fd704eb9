import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields, DecimalString } from '../../schemas.js';

const OrderDealShape = Type.Object({
  time: Type.Number(),
  fee: DecimalString,
  price: DecimalString,
  amount: DecimalString,
  id: Type.Integer(),
  dealOrderId: Type.Integer(),
  clientOrderId: Type.String(),
  role: Type.Integer(),
  deal: DecimalString,
  feeAsset: Type.String(),
});

/** The deals of one order of the account: `{records, offset, limit}`. */
export const orderDeals = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/trade-account/order',
  summary: 'Deals of one order',
  follows: 'decisions: Read shapes the reference leaves open',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    orderId: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    limit: Type.Optional(Type.Integer()),
    offset: Type.Optional(Type.Integer()),
  }),
  response: Type.Object({ records: Type.Array(OrderDealShape), offset: Type.Integer(), limit: Type.Integer() }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.tradeAccount,
} as const satisfies PrivateEndpoint;
