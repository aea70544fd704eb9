import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';

/** Reference §4.2: server time in Unix seconds. */
export const time = {
  kind: 'public',
  method: 'GET',
  path: '/api/v4/public/time',
  summary: 'Server time',
  follows: 'reference §4.2',
  response: Type.Object({ time: Type.Integer({ description: 'Unix seconds' }) }),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
