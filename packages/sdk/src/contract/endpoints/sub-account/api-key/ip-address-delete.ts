import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../../endpoint.js';
import { RATE_LIMITS } from '../../../rate-limits.js';
import { AuthFields } from '../../../schemas.js';
import { SubAccountApiKeyIpFields, SubAccountApiKeyIps } from '../schemas.js';

/** Removes an IP address from a sub-account key's allow-list; 200 with the list. */
export const subAccountApiKeyIpAddressDelete = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/api-key/ip-address/delete',
  summary: 'Remove an IP address of a sub-account API key',
  follows: 'exchange docs, sub-account/api-key/ip-address/delete',
  permission: 'main-account',
  request: Type.Object({ ...AuthFields, ...SubAccountApiKeyIpFields }),
  response: SubAccountApiKeyIps,
  successStatus: 200,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
