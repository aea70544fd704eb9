import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { OrderFields, OrderShape } from '../../order-shapes.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §5.3: a limit order (`postOnly`, `ioc`, `rpi`, `retail`, `bboRole`, `stp`). */
export const orderNew = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/new',
  summary: 'Place a spot limit order',
  follows: 'reference §5.3',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    ...OrderFields,
    price: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    postOnly: Type.Optional(Type.Boolean()),
    ioc: Type.Optional(Type.Boolean()),
    rpi: Type.Optional(Type.Boolean()),
    retail: Type.Optional(Type.Boolean()),
    bboRole: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  }),
  response: OrderShape,
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
