import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';
import { V2_FOLLOWS, LegacyEnvelope } from './legacy-envelope.js';

/** API V2 "Fee": the venue's default trading fees, in percent. */
export const feeV2 = {
  kind: 'public',
  method: 'GET',
  path: '/api/v2/public/fee',
  summary: 'Default trading fees (API V2)',
  follows: V2_FOLLOWS,
  response: LegacyEnvelope(Type.Object({ makerFee: DecimalString, takerFee: DecimalString })),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
