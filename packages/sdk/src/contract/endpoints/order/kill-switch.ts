import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

export const KillSwitchKinds = Type.Union([
  Type.Array(Type.Union([Type.Literal('spot'), Type.Literal('margin'), Type.Literal('futures')])),
  Type.Null(),
]);

/** A kill-switch as both endpoints answer it: times in Unix seconds, `types` null for every kind. */
export const KillSwitchTimer = Type.Object({
  market: Type.String(),
  startTime: Type.Integer(),
  cancellationTime: Type.Integer(),
  types: KillSwitchKinds,
});

export const KILL_SWITCH_FOLLOWS = 'exchange docs openapi/private/http-trade-v4.yaml; decisions: Kill-switch';

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
  follows: KILL_SWITCH_FOLLOWS,
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    market: Type.String(),
    timeout: Type.Union([Type.String(), Type.Integer(), Type.Null()]),
    types: Type.Optional(KillSwitchKinds),
  }),
  response: Type.Union([KillSwitchTimer, Type.Array(Type.Unknown(), { maxItems: 0 })]),
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
