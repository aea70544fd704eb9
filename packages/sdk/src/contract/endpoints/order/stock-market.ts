import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { OrderFields, OrderShape } from '../../order-shapes.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §5.4: `amount` is stock on both sides. */
export const orderStockMarket = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/stock_market',
  summary: 'Place a spot stock-market order',
  follows: 'reference §5.4',
  permission: 'trading',
  request: Type.Object({ ...AuthFields, ...OrderFields }),
  response: OrderShape,
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
