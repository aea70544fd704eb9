import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { OrderFields, OrderShape } from '../../order-shapes.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §5.5: rests as a limit order once a trade reaches `activation_price`. */
export const orderStopLimit = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/stop_limit',
  summary: 'Place a spot stop-limit order',
  follows: 'reference §5.5',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    ...OrderFields,
    price: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    postOnly: Type.Optional(
      Type.Boolean({ description: 'applies once set off: cancelled rather than take liquidity' }),
    ),
    ioc: Type.Optional(Type.Boolean({ description: 'applies once set off: what does not fill at once is cancelled' })),
    activation_price: Type.Optional(Type.String()),
    activationPrice: Type.Optional(Type.String()),
  }),
  response: OrderShape,
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
