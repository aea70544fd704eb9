import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { KILL_SWITCH_FOLLOWS, KillSwitchTimer } from './kill-switch.js';

/** The caller's armed kill-switches, of one `market` or of all. */
export const orderKillSwitchStatus = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/order/kill-switch/status',
  summary: 'Armed kill-switches',
  follows: KILL_SWITCH_FOLLOWS,
  permission: 'trading',
  request: Type.Object({ ...AuthFields, market: Type.Optional(Type.String()) }),
  response: Type.Array(KillSwitchTimer),
  successStatus: 200,
  rateLimit: RATE_LIMITS.order,
} as const satisfies PrivateEndpoint;
