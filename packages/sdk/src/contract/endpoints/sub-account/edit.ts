import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { EmptyObject, LooseField } from './schemas.js';

/** Renames a sub-account and sets its permissions; 200 `{}`. */
export const subAccountEdit = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/edit',
  summary: 'Edit a sub-account',
  follows: 'exchange docs, sub-account/edit',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    id: LooseField,
    alias: LooseField,
    permissions: LooseField,
  }),
  response: EmptyObject,
  successStatus: 200,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
