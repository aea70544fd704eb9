import { RATE_LIMITS, type PrivateEndpoint, type RateLimitRule } from '@txc/sdk';
import type { Config } from '../config/schema.js';

/** Every request from one IP, before any authentication work (reference §3.1 default). */
const DEFAULT_PER_IP: RateLimitRule = { group: 'ip', limit: 10_000, windowMs: 10_000 };

/** The rate limits a server or a gateway applies: the reference's, with the configuration's overrides. */
export interface ConfiguredRateRules {
  /** Every API request of one client IP. */
  readonly perIp: RateLimitRule;
  /** Every public request of one client IP. */
  readonly public: RateLimitRule;
  /** Per-group overrides of the endpoints' own limits. */
  readonly groups: Readonly<Record<string, RateLimitRule>>;
  /** WebSocket connections opened by one client IP. */
  readonly wsConnect: RateLimitRule;
}

export function configuredRateRules(config: Config): ConfiguredRateRules {
  const groups: Record<string, RateLimitRule> = {};
  for (const [group, rule] of Object.entries(config.rateLimits.groups)) groups[group] = { group, ...rule };
  return {
    perIp: config.rateLimits.perIp ? { group: 'ip', ...config.rateLimits.perIp } : DEFAULT_PER_IP,
    public: config.rateLimits.public ? { group: 'public', ...config.rateLimits.public } : RATE_LIMITS.public,
    groups,
    wsConnect: { group: 'ws-connect', limit: config.websocket.connectionsPerMinute, windowMs: 60_000 },
  };
}

/**
 * Where a key's use of `endpoint` is counted, and by which rule (its rate-limit group's, as
 * configured): one counter per key and group, whether the request came over REST or as a socket's
 * order method.
 */
export function keyCounter(
  rules: ConfiguredRateRules,
  apiKey: string,
  endpoint: PrivateEndpoint,
): { readonly counter: string; readonly rule: RateLimitRule } {
  const rule = rules.groups[endpoint.rateLimit.group] ?? endpoint.rateLimit;
  return { counter: `${apiKey}|${rule.group}`, rule };
}
