import type { ErrorName } from '@txc/sdk';
import type { FastifyRequest } from 'fastify';
import { rateLimitClient } from '../http/client-address.js';
import { keyRuleOf, type ConfiguredRateRules } from '../http/configured-rate-rules.js';
import { PRIVATE_ENDPOINTS } from '../venue/keys/endpoint-access.js';
import { familyOf, pathOf } from '../http/family.js';
import { throttledAnswer } from '../http/throttled-answer.js';
import type { SharedLimits } from './shared-limits.js';

/**
 * Refuses an API request whose client IP has spent its allowance, counted in Redis across every
 * gateway, before any other work, as the leader counts it: the answer is the venue's own.
 */
export async function overIpAllowance(
  request: FastifyRequest,
  limits: SharedLimits,
  rules: ConfiguredRateRules,
): Promise<ErrorName | undefined> {
  const path = pathOf(request.url);
  if (!path.startsWith('/api/')) return undefined;
  if (await limits.allows(`${rateLimitClient(request.ip)}|ip`, rules.perIp)) return undefined;
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
  const rule = keyRuleOf(rules, endpoint);
  const apiKey = request.headers['x-txc-apikey'] as string;
  return (await limits.allows(`${apiKey}|${rule.group}`, rule)) ? undefined : throttledAnswer(endpoint.path);
}
