import { Type } from 'typebox';
import { CollateralOrderFields, CollateralOrderShape, DecimalInput, OtoFields } from '../../collateral-shapes.js';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Spec §4.3 and reference §6.1: a limit order on a margin spot pair or a perpetual, with optional OTO legs. */
export const collateralLimit = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/collateral/limit',
  summary: 'Place a collateral limit order',
  follows: 'spec §4.3, reference §6.1',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    ...CollateralOrderFields,
    price: Type.Optional(DecimalInput),
    postOnly: Type.Optional(Type.Boolean()),
    ioc: Type.Optional(Type.Boolean()),
    rpi: Type.Optional(Type.Boolean()),
    bboRole: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
    ...OtoFields,
  }),
  response: CollateralOrderShape,
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
