import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { EmptyObject, LooseField } from './schemas.js';

/** Unblocks a sub-account; 200 `{}`. */
export const subAccountUnblock = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/unblock',
  summary: 'Unblock a sub-account',
  follows: 'exchange docs, sub-account/unblock',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    id: LooseField,
  }),
  response: EmptyObject,
  successStatus: 200,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
