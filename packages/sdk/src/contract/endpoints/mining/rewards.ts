import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { MiningReward, Page } from './schemas.js';

const Timestamp = Type.Union([Type.Integer({ minimum: 0 }), Type.String()], { description: 'Unix seconds' });

/**
 * Reference §8.3: rewards paid to the caller's mining accounts, newest first. `from`/`to` bound the
 * payout time (inclusive); an unknown or foreign `account` gives an empty list.
 */
export const miningRewards = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/mining/rewards',
  summary: 'Mining rewards',
  follows: 'reference §8.3',
  permission: 'mining',
  request: Type.Object({
    ...AuthFields,
    account: Type.Optional(Type.String()),
    from: Type.Optional(Timestamp),
    to: Type.Optional(Timestamp),
    ...Page,
  }),
  response: Type.Object({ offset: Type.Integer(), limit: Type.Integer(), data: Type.Array(MiningReward) }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.mining,
} as const satisfies PrivateEndpoint;
