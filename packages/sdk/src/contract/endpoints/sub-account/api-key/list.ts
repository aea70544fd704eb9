import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../../endpoint.js';
import { RATE_LIMITS } from '../../../rate-limits.js';
import { AuthFields } from '../../../schemas.js';
import { LooseField, SubAccountApiKeyListItem, SubAccountPage } from '../schemas.js';

/** The keys of one sub-account (or of all the caller's), newest first, without secrets (`limit` default 100). */
export const subAccountApiKeyList = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/api-key/list',
  summary: 'List sub-account API keys',
  follows: 'exchange docs, sub-account/api-key/list',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    subAccountId: LooseField,
    ...SubAccountPage,
  }),
  response: Type.Object({ offset: Type.Integer(), limit: Type.Integer(), data: Type.Array(SubAccountApiKeyListItem) }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
