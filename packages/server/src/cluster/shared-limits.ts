import type { RateLimitRule } from '@txc/sdk';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Rate limits a cluster's gateways share in Redis: a key's requests count alike whichever gateway
 * they arrive at, and an allowance spent is refused at the gateway, before the leader spends anything
 * on it. While Redis is out of reach each gateway counts on its own (an allowance per gateway): the
 * requests a gateway serves itself, which the leader never sees, are still counted, and the leader
 * still counts every request that reaches it.
 */
export class SharedLimits {
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(
    private readonly redis: Redis,
    /** Keeps the counters of two clusters sharing a Redis apart. */
    private readonly prefix: string,
    /** Told of every refusal, with the rule's group (metrics), as a server's own limiter tells. */
    private readonly onRefused: (group: string) => void = () => undefined,
  ) {}

  /** Counts one request of `client` under `rule`; false once its allowance for the window is spent. */
  async allows(client: string, rule: RateLimitRule): Promise<boolean> {
    try {
      await this.limiterOf(rule).consume(client);
      return true;
    } catch (outcome) {
      // a refusal is answered with the counter's state; anything else is both counts failing
      if (!(outcome instanceof RateLimiterRes)) return true;
      this.onRefused(rule.group);
      return false;
    }
  }

  /** Whether Redis answers now: while it does not, each gateway counts on its own. */
  connected(): boolean {
    return this.redis.status === 'ready';
  }

  close(): Promise<void> {
    this.redis.disconnect();
    return Promise.resolve();
  }

  private limiterOf(rule: RateLimitRule): RateLimiterRedis {
    const id = `${rule.group}:${rule.limit}:${rule.windowMs}`;
    let limiter = this.limiters.get(id);
    if (limiter === undefined) {
      const window = {
        keyPrefix: `${this.prefix}:${id}`,
        points: rule.limit,
        duration: Math.max(1, Math.ceil(rule.windowMs / 1000)),
      };
      limiter = new RateLimiterRedis({
        ...window,
        storeClient: this.redis,
        // counts here whenever a Redis command fails
        insuranceLimiter: new RateLimiterMemory(window),
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}
