import type { ErrorName, RateLimitRule } from '@txc/sdk';
import type { FastifyRequest } from 'fastify';
import { rateLimitClient } from '../http/client-address.js';
import { RateLimiter } from '../http/rate-limiter.js';
import { keyCounter, type ConfiguredRateRules } from '../http/configured-rate-rules.js';
import { PRIVATE_ENDPOINTS } from '../venue/keys/endpoint-access.js';
import { familyOf, pathOf } from '../http/family.js';
import { throttledAnswer } from '../http/throttled-answer.js';
import type { SharedLimits } from './shared-limits.js';

/** Counts one request of `client` under `rule`; false once its allowance for the window is spent. */
export type Allows = (client: string, rule: RateLimitRule) => boolean | Promise<boolean>;

/**
 * Where a gateway counts a client IP's requests: in Redis across every gateway when it is
 * configured, here otherwise (each gateway its own count: the leader sees none of the requests a
 * gateway serves itself, so without this nothing would count them).
 */
export function clientAllowances(
  limits: SharedLimits | undefined,
  maxTrackedClients: number | undefined,
  onRefused: (group: string) => void,
): Allows {
  if (limits !== undefined) return (client, rule) => limits.allows(client, rule);
  const local = new RateLimiter(maxTrackedClients, onRefused);
  return (client, rule) => local.hit(client, rule, Date.now());
}

/**
 * Refuses an API request whose client IP has spent its allowance, before any other work, as the
 * leader counts it: the answer is the venue's own.
 */
export async function overIpAllowance(
  request: FastifyRequest,
  allows: Allows,
  rules: ConfiguredRateRules,
): Promise<ErrorName | undefined> {
  const path = pathOf(request.url);
  if (!path.startsWith('/api/')) return undefined;
  if (await allows(`${rateLimitClient(request.ip)}|ip`, rules.perIp)) return undefined;
  return familyOf(path) === 'private' ? throttledAnswer(path) : 'publicRateLimited';
}

/** Refuses a signed request whose key has spent its allowance of the endpoint's rate-limit group. */
export async function overKeyAllowance(
  request: FastifyRequest,
  limits: SharedLimits,
  rules: ConfiguredRateRules,
): Promise<ErrorName | undefined> {
  const endpoint = PRIVATE_ENDPOINTS.get(pathOf(request.url).replace(/\/$/, ''));
  if (endpoint === undefined) return undefined;
  const { counter, rule } = keyCounter(rules, request.headers['x-txc-apikey'] as string, endpoint);
  return (await limits.allows(counter, rule)) ? undefined : throttledAnswer(endpoint.path);
}
