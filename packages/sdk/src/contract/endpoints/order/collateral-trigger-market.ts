import { Type } from 'typebox';
import { CollateralOrderFields, CollateralOrderShape, DecimalInput, OtoFields } from '../../collateral-shapes.js';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §6.1: executes at market once a trade reaches activation_price; amount in stock; OTO legs allowed. */
export const collateralTriggerMarket = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/collateral/trigger-market',
  summary: 'Place a collateral trigger-market order',
  follows: 'reference §6.1',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    ...CollateralOrderFields,
    activation_price: Type.Optional(DecimalInput),
    activationPrice: Type.Optional(DecimalInput),
    ...OtoFields,
  }),
  response: CollateralOrderShape,
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
