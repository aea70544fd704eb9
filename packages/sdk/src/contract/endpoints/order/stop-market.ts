import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { OrderFields, OrderShape } from '../../order-shapes.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Spec §4.4: executes at market once a trade reaches `activation_price`; buy `amount` is money. */
export const orderStopMarket = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/stop_market',
  summary: 'Place a spot stop-market order',
  follows: 'spec §4.4, reference §5.5',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    ...OrderFields,
    activation_price: Type.Optional(Type.String()),
    activationPrice: Type.Optional(Type.String()),
  }),
  response: OrderShape,
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
