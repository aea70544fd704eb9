import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../../endpoint.js';
import { RATE_LIMITS } from '../../../rate-limits.js';
import { AuthFields } from '../../../schemas.js';
import { SubAccountApiKeyIpFields, SubAccountApiKeyIps } from '../schemas.js';

/** Adds an IP address to a sub-account key's allow-list (at most 50); 201 with the list. */
export const subAccountApiKeyIpAddressCreate = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/api-key/ip-address/create',
  summary: 'Allow an IP address for a sub-account API key',
  follows: 'exchange docs, sub-account/api-key/ip-address/create',
  permission: 'main-account',
  request: Type.Object({ ...AuthFields, ...SubAccountApiKeyIpFields }),
  response: SubAccountApiKeyIps,
  successStatus: 201,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
