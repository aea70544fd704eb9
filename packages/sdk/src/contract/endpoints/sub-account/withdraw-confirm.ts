import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { EmptyObject, LooseField } from './schemas.js';

/**
 * Confirms one of the caller's sub-accounts' held withdrawals by its transaction `id`: checked again
 * and released for processing as any withdrawal; 200 `{}`. Money leaves the venue on it, so it takes
 * the `withdraw` permission, as a withdrawal does.
 */
export const subAccountWithdrawConfirm = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/withdraw/confirm',
  summary: 'Confirm a sub-account withdrawal',
  follows: 'exchange docs, sub-account/withdraw/confirm; docs/decisions.md',
  permission: 'withdraw',
  request: Type.Object({
    ...AuthFields,
    id: LooseField,
  }),
  response: EmptyObject,
  successStatus: 200,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
