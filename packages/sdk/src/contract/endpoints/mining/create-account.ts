import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { MiningAccount, MiningAccountName } from './schemas.js';

/** Reference §8.3: opens a mining pool account; names are unique per user. */
export const miningCreateAccount = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/mining/accounts/create',
  summary: 'Create a mining pool account',
  follows: 'reference §8.3',
  permission: 'mining',
  request: Type.Object({
    ...AuthFields,
    name: MiningAccountName,
    referralCode: Type.Optional(Type.String({ maxLength: 50 })),
  }),
  response: Type.Object({ data: MiningAccount }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.mining,
} as const satisfies PrivateEndpoint;
