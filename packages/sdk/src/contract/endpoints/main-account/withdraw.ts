import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { WithdrawRequest } from './withdraw-request.js';

/** Reference §7.4: a withdrawal whose fee comes out of `amount` (the receiver gets amount − fee). */
export const mainAccountWithdraw = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/main-account/withdraw',
  summary: 'Withdraw (fee included in amount)',
  follows: 'reference §7.4',
  permission: 'withdraw',
  request: WithdrawRequest,
  response: Type.Array(Type.Never(), { maxItems: 0 }),
  successStatus: 201,
  rateLimit: RATE_LIMITS.mainAccount,
} as const satisfies PrivateEndpoint;
