import type { RateLimitRule } from '@txc/sdk';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Rate limits a cluster's gateways share in Redis: a key's requests count alike whichever gateway
 * they arrive at, and an allowance spent is refused at the gateway, before the leader spends anything
 * on it. The leader still counts every request itself (its count is the one that decides), so Redis
 * out of reach lets requests through to it rather than refusing them.
 */
export class SharedLimits {
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(
    private readonly redis: Redis,
    /** Keeps the counters of two clusters sharing a Redis apart. */
    private readonly prefix: string,
  ) {}

  /** Counts one request of `client` under `rule`; false once its allowance for the window is spent. */
  async allows(client: string, rule: RateLimitRule): Promise<boolean> {
    try {
      await this.limiterOf(rule).consume(client);
      return true;
    } catch (outcome) {
      // a refusal is answered with the counter's state; anything else is Redis failing
      return !(outcome instanceof RateLimiterRes);
    }
  }

  close(): Promise<void> {
    this.redis.disconnect();
    return Promise.resolve();
  }

  private limiterOf(rule: RateLimitRule): RateLimiterRedis {
    const id = `${rule.group}:${rule.limit}:${rule.windowMs}`;
    let limiter = this.limiters.get(id);
    if (limiter === undefined) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `${this.prefix}:${id}`,
        points: rule.limit,
        duration: Math.max(1, Math.ceil(rule.windowMs / 1000)),
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}
