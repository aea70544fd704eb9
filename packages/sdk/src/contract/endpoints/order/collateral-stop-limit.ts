import { Type } from 'typebox';
import { CollateralOrderFields, CollateralOrderShape, DecimalInput, OtoFields } from '../../collateral-shapes.js';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §6.1: rests as a limit order once a trade reaches activation_price; OTO legs allowed. */
export const collateralStopLimit = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/collateral/stop-limit',
  summary: 'Place a collateral stop-limit order',
  follows: 'reference §6.1',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    ...CollateralOrderFields,
    price: Type.Optional(DecimalInput),
    postOnly: Type.Optional(
      Type.Boolean({ description: 'applies once set off: cancelled rather than take liquidity' }),
    ),
    ioc: Type.Optional(Type.Boolean({ description: 'applies once set off: what does not fill at once is cancelled' })),
    activation_price: Type.Optional(DecimalInput),
    activationPrice: Type.Optional(DecimalInput),
    ...OtoFields,
  }),
  response: CollateralOrderShape,
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
