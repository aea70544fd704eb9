import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { V1_FOLLOWS, LegacyEnvelope } from './legacy-envelope.js';

/** API V1 "Symbols": the names of the markets open for trading. */
export const symbolsV1 = {
  kind: 'public',
  method: 'GET',
  path: '/api/v1/public/symbols',
  summary: 'Market names (API V1)',
  follows: V1_FOLLOWS,
  response: LegacyEnvelope(Type.Array(Type.String())),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
