import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';

/** Reference §4.3: whether the platform takes requests, in the current documentation's words. */
export const platformStatus = {
  kind: 'public',
  method: 'GET',
  path: '/api/v4/public/platform/status',
  summary: 'Platform status',
  follows: 'reference §4.3',
  response: Type.Object({
    status: Type.Union([Type.Literal('system operational'), Type.Literal('system maintenance')], {
      description: '"system maintenance" while the venue cannot take writes (its store is unavailable)',
    }),
  }),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
