import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { LooseField } from './schemas.js';

/** Moves funds between the caller's main balance and a sub-account's, `main_to_sub` or `sub_to_main`; 200 with its `transaction_id`. */
export const subAccountTransfer = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/transfer',
  summary: 'Transfer to or from a sub-account',
  follows: 'exchange docs, sub-account/transfer',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    id: LooseField,
    direction: LooseField,
    ticker: LooseField,
    amount: LooseField,
  }),
  response: Type.Object({ transaction_id: Type.String() }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
