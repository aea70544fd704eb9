import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';

/** Spec §4.2. */
export const ping = {
  kind: 'public',
  method: 'GET',
  path: '/api/v4/public/ping',
  summary: 'Liveness check',
  follows: 'spec §4.2, reference §4.1',
  response: Type.Array(Type.Literal('pong')),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
