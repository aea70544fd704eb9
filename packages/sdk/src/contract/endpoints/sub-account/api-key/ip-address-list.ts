import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../../endpoint.js';
import { RATE_LIMITS } from '../../../rate-limits.js';
import { AuthFields } from '../../../schemas.js';
import { LooseField, SubAccountApiKeyIps } from '../schemas.js';

/** The IP addresses a sub-account key may be used from (none: any). */
export const subAccountApiKeyIpAddressList = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/api-key/ip-address/list',
  summary: 'List the IP addresses of a sub-account API key',
  follows: 'exchange docs, sub-account/api-key/ip-address/list',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    apiKeyId: LooseField,
  }),
  response: SubAccountApiKeyIps,
  successStatus: 200,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
