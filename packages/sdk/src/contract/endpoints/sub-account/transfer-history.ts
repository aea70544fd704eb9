import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { LooseField, SubAccountPage, SubAccountTransfer } from './schemas.js';

/** Transfers between the caller and one sub-account, newest first, optionally of one `direction` (`limit` default 100). */
export const subAccountTransferHistory = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/transfer/history',
  summary: 'Sub-account transfer history',
  follows: 'exchange docs, sub-account/transfer/history',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    id: LooseField,
    direction: LooseField,
    ...SubAccountPage,
  }),
  response: Type.Object({ offset: Type.Integer(), limit: Type.Integer(), data: Type.Array(SubAccountTransfer) }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
