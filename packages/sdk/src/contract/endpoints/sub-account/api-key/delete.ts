import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../../endpoint.js';
import { RATE_LIMITS } from '../../../rate-limits.js';
import { AuthFields } from '../../../schemas.js';
import { EmptyObject, LooseField } from '../schemas.js';

/** Deletes a sub-account key: it signs nothing from now on and its streams close; 200 `{}`. */
export const subAccountApiKeyDelete = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/api-key/delete',
  summary: 'Delete a sub-account API key',
  follows: 'exchange docs, sub-account/api-key/delete',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    apiKeyId: LooseField,
  }),
  response: EmptyObject,
  successStatus: 200,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
