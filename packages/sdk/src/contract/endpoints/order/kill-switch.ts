import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

const Kinds = Type.Union([
  Type.Array(Type.Union([Type.Literal('spot'), Type.Literal('margin'), Type.Literal('futures')])),
  Type.Null(),
]);

/** A kill-switch as both endpoints answer it: times in Unix seconds, `types` null for every kind. */
export const KillSwitchTimer = Type.Object({
  market: Type.String(),
  startTime: Type.Integer(),
  cancellationTime: Type.Integer(),
  types: Kinds,
});

const FOLLOWS = 'exchange docs openapi/private/http-trade-v4.yaml; decisions: Kill-switch';

/**
 * Arms or refreshes (`timeout` 5 to 600 seconds) or disarms (`timeout` null) the caller's kill-switch
 * on `market`: unless refreshed in time, the caller's orders there of the `types` named are cancelled.
 * Answers the timer, or `[]` once disarmed.
 */
export const orderKillSwitch = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/kill-switch',
  summary: 'Arm, refresh or disarm a kill-switch',
  follows: FOLLOWS,
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    market: Type.String(),
    timeout: Type.Union([Type.String(), Type.Integer(), Type.Null()]),
    types: Type.Optional(Kinds),
  }),
  response: Type.Union([KillSwitchTimer, Type.Array(Type.Unknown(), { maxItems: 0 })]),
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;

/** The caller's armed kill-switches, of one `market` or of all. */
export const orderKillSwitchStatus = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/kill-switch/status',
  summary: 'Armed kill-switches',
  follows: FOLLOWS,
  permission: 'trading',
  request: Type.Object({ ...AuthFields, market: Type.Optional(Type.String()) }),
  response: Type.Array(KillSwitchTimer),
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
