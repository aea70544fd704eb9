import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { PayoutSetting } from './schemas.js';

/** Reference §8.1: where a mining account's rewards go. */
export const miningPayoutDestination = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/mining/payout-destination',
  summary: 'Read the payout destination of a mining account',
  follows: 'reference §8.1',
  permission: 'mining',
  request: Type.Object({ ...AuthFields, accountName: Type.String() }),
  response: PayoutSetting,
  successStatus: 200,
  rateLimit: RATE_LIMITS.mining,
} as const satisfies PrivateEndpoint;
