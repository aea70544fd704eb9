import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { MiningAccount, Page } from './schemas.js';

/** Reference §8.3: the caller's mining accounts, newest first; `name` filters by exact name. */
export const miningAccounts = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/mining/accounts',
  summary: 'List mining pool accounts',
  follows: 'reference §8.3',
  permission: 'mining',
  request: Type.Object({ ...AuthFields, name: Type.Optional(Type.String()), ...Page }),
  response: Type.Object({ data: Type.Array(MiningAccount), limit: Type.Integer(), offset: Type.Integer() }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.mining,
} as const satisfies PrivateEndpoint;
