import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { LooseField, SubAccount } from './schemas.js';

/** Opens a sub-account: `alias`, `permissions`, and `email` unless `shareKyc` is true; 201 with the sub-account. */
export const subAccountCreate = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/create',
  summary: 'Create a sub-account',
  follows: 'exchange docs, sub-account/create',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    alias: LooseField,
    email: LooseField,
    shareKyc: LooseField,
    permissions: LooseField,
  }),
  response: SubAccount,
  successStatus: 201,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
