import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../../endpoint.js';
import { RATE_LIMITS } from '../../../rate-limits.js';
import { AuthFields } from '../../../schemas.js';
import { EmptyObject, LooseField } from '../schemas.js';

/** A new title and endpoint settings (`urls`: `{url, enable}` each) for a sub-account key; 200 `{}`. */
export const subAccountApiKeyEdit = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/api-key/edit',
  summary: 'Edit a sub-account API key',
  follows: 'exchange docs, sub-account/api-key/edit',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    apiKeyId: LooseField,
    title: LooseField,
    urls: LooseField,
  }),
  response: EmptyObject,
  successStatus: 200,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
