import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../../endpoint.js';
import { RATE_LIMITS } from '../../../rate-limits.js';
import { AuthFields } from '../../../schemas.js';
import { LooseField, SubAccountApiKey } from '../schemas.js';

/** A new key of one of the caller's sub-accounts, `type` 1 (info and trading) or 2 (and withdrawals); 201 with its secret, shown once. */
export const subAccountApiKeyCreate = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/api-key/create',
  summary: 'Create a sub-account API key',
  follows: 'exchange docs, sub-account/api-key/create',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    type: LooseField,
    subAccountId: LooseField,
    title: LooseField,
  }),
  response: SubAccountApiKey,
  successStatus: 201,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
