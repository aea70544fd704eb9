import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { LooseField, SubAccount, SubAccountPage } from './schemas.js';

/** The caller's sub-accounts, alias matching `search`, oldest first, a page at a time (`limit` default 30). */
export const subAccountList = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/list',
  summary: 'List sub-accounts',
  follows: 'exchange docs, sub-account/list',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    search: LooseField,
    ...SubAccountPage,
  }),
  response: Type.Object({ offset: Type.Integer(), limit: Type.Integer(), data: Type.Array(SubAccount) }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
