import type { RateLimitRule } from '@txc/sdk';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimiter } from '../http/rate-limiter.js';

/**
 * How long a Redis command may take (ioredis's `commandTimeout`). A Redis that hangs, or a partition
 * TCP has not noticed yet, connects and answers nothing: every request would wait on it.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** While Redis does not answer in time, how often it is asked whether it does again. */
const HUNG_PROBE_MS = 1_000;
/** ioredis's rejection of a command that had no answer within `commandTimeout`. */
const TIMED_OUT = 'Command timed out';

/**
 * Rate limits a cluster's gateways share in Redis: a key's requests count alike whichever gateway
 * they arrive at, and an allowance spent is refused at the gateway, before the leader spends anything
 * on it. While Redis is out of reach each gateway counts on its own (an allowance per gateway): the
 * requests a gateway serves itself, which the leader never sees, are still counted, and the leader
 * still counts every request that reaches it.
 *
 * Out of reach is also a Redis that does not answer in time: from its first command timed out until
 * a probe is answered again, the gateway counts on its own without asking it, so requests do not each
 * wait out the timeout. Its own count is a server's (http/rate-limiter.ts), bounded as a server's is:
 * clients beyond `maxTrackedClients` push out the least recent.
 */
export class SharedLimits {
  /** A rule's counter in Redis. */
  private readonly shared = new Map<string, RateLimiterRedis>();
  /** Every rule's counters of this gateway's own, for while Redis fails. */
  private readonly local: RateLimiter;
  /** Set while Redis does not answer in time: the probe that asks it again. */
  private probe: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: Redis,
    /** Keeps the counters of two clusters sharing a Redis apart. */
    private readonly prefix: string,
    /** Told of every refusal, with the rule's group (metrics), as a server's own limiter tells. */
    private readonly onRefused: (group: string) => void = () => undefined,
    /** Told when Redis stops answering in time (true), and when it answers again (false). */
    private readonly onSilent: (silent: boolean) => void = () => undefined,
    maxTrackedClients?: number,
  ) {
    this.local = new RateLimiter(maxTrackedClients, onRefused);
    // a connection made again answers: the probe's question is settled, and the reconnect is said already
    redis.on('ready', () => this.answering());
  }

  /** Counts one request of `client` under `rule`; false once its allowance for the window is spent. */
  async allows(client: string, rule: RateLimitRule): Promise<boolean> {
    const id = ruleId(rule);
    if (this.probe === undefined) {
      try {
        return await this.counted(this.sharedOf(id, rule), client, rule);
      } catch (error) {
        // Redis failed (out of reach at once, or silent): this request is counted here
        if (error instanceof Error && error.message === TIMED_OUT) this.silent();
      }
    }
    return this.local.hit(`${id}|${client}`, rule, Date.now());
  }

  /** Whether Redis answers now: while it does not, each gateway counts on its own. */
  connected(): boolean {
    return this.redis.status === 'ready' && this.probe === undefined;
  }

  close(): Promise<void> {
    clearInterval(this.probe);
    this.redis.disconnect();
    return Promise.resolve();
  }

  /** True when `limiter` counted the request, false when it refused it; rejects when it failed. */
  private async counted(limiter: RateLimiterRedis, client: string, rule: RateLimitRule): Promise<boolean> {
    try {
      await limiter.consume(client);
      return true;
    } catch (outcome) {
      // a refusal is answered with the counter's state; anything else is the counter failing
      if (!(outcome instanceof RateLimiterRes)) throw outcome;
      this.onRefused(rule.group);
      return false;
    }
  }

  private silent(): void {
    if (this.probe !== undefined) return;
    this.onSilent(true);
    let asking = false;
    this.probe = setInterval(() => {
      if (asking) return;
      asking = true;
      this.redis
        .ping()
        .then(() => {
          if (this.answering()) this.onSilent(false);
        })
        .catch(() => undefined)
        .finally(() => (asking = false));
    }, HUNG_PROBE_MS);
    this.probe.unref();
  }

  /** Ends the probe; whether there was one. */
  private answering(): boolean {
    if (this.probe === undefined) return false;
    clearInterval(this.probe);
    this.probe = undefined;
    return true;
  }

  private sharedOf(id: string, rule: RateLimitRule): RateLimiterRedis {
    let shared = this.shared.get(id);
    if (shared === undefined) {
      shared = new RateLimiterRedis({
        keyPrefix: `${this.prefix}:${id}`,
        points: rule.limit,
        duration: Math.max(1, Math.ceil(rule.windowMs / 1000)),
        storeClient: this.redis,
      });
      this.shared.set(id, shared);
    }
    return shared;
  }
}

/** A rule's counters apart from another's: the same group may be limited differently by two rules. */
const ruleId = (rule: RateLimitRule): string => `${rule.group}:${rule.limit}:${rule.windowMs}`;
