import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { LooseField, SubAccountPage, UnconfirmedWithdrawal } from './schemas.js';

/**
 * The caller's sub-accounts' withdrawals waiting for its confirmation (`unconfirmed_by_main_account`),
 * newest first, optionally of one `subAccountId` (`limit` default 100).
 */
export const subAccountWithdrawUnconfirmedList = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/withdraw/unconfirmed-list',
  summary: 'List unconfirmed sub-account withdrawals',
  follows: 'exchange docs, sub-account/withdraw/unconfirmed-list; docs/decisions.md',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    subAccountId: LooseField,
    ...SubAccountPage,
  }),
  response: Type.Object({ data: Type.Array(UnconfirmedWithdrawal), limit: Type.Integer(), offset: Type.Integer() }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
