import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { OrderFields, OrderShape } from '../../order-shapes.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §5.4: buy `amount` is money to spend (the fee comes on top), sell `amount` is stock. */
export const orderMarket = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/market',
  summary: 'Place a spot market order',
  follows: 'reference §5.4',
  permission: 'trading',
  request: Type.Object({ ...AuthFields, ...OrderFields }),
  response: OrderShape,
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
