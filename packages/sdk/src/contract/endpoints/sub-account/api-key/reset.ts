import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../../endpoint.js';
import { RATE_LIMITS } from '../../../rate-limits.js';
import { AuthFields } from '../../../schemas.js';
import { LooseField, SubAccountApiKey } from '../schemas.js';

/** A new key pair under the same key id: the old one signs nothing from now on; 200 with the new secret, shown once. */
export const subAccountApiKeyReset = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/api-key/reset',
  summary: 'Reset a sub-account API key',
  follows: 'exchange docs, sub-account/api-key/reset',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    apiKeyId: LooseField,
  }),
  response: SubAccountApiKey,
  successStatus: 200,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
