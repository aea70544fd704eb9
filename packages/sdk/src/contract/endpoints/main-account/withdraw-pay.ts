import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { WithdrawRequest } from './withdraw-request.js';

/** Spec §4.8, reference §7.5: the receiver gets exactly `amount`; the balance falls by amount + fee. */
export const mainAccountWithdrawPay = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/main-account/withdraw-pay',
  summary: 'Withdraw (fee on top of amount)',
  follows: 'spec §4.8, reference §7.5',
  permission: 'withdraw',
  request: WithdrawRequest,
  response: Type.Array(Type.Never(), { maxItems: 0 }),
  successStatus: 201,
  rateLimit: RATE_LIMITS.mainAccount,
} as const satisfies PrivateEndpoint;
