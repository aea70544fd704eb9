import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { EmptyObject, LooseField } from './schemas.js';

/** Blocks a sub-account: its keys sign nothing until it is unblocked; 200 `{}`. */
export const subAccountBlock = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/block',
  summary: 'Block a sub-account',
  follows: 'exchange docs, sub-account/block',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    id: LooseField,
  }),
  response: EmptyObject,
  successStatus: 200,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
