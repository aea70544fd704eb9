import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { LooseField } from './schemas.js';

/**
 * A temporary identity-verification link for one of the caller's sub-accounts, built from the
 * operator's `subAccounts.kycUrl` template; 404 when the operator configured none.
 */
export const subAccountKycUrl = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/kyc-url',
  summary: 'Sub-account KYC URL',
  follows: 'exchange docs, sub-account/kyc-url; docs/decisions.md',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    id: LooseField,
  }),
  response: Type.Object({
    url: Type.String({ description: 'Temporary verification link' }),
    expiresIn: Type.Integer({ description: 'Seconds until the link expires' }),
  }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
