import type { RateLimitRule } from '@txc/sdk';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * How long a Redis command may take (ioredis's `commandTimeout`). A Redis that hangs, or a partition
 * TCP has not noticed yet, connects and answers nothing: every request would wait on it.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** While Redis does not answer in time, how often it is asked whether it does again. */
const HUNG_PROBE_MS = 1_000;
/** ioredis's rejection of a command that had no answer within `commandTimeout`. */
const TIMED_OUT = 'Command timed out';

/** A rule's counters: in Redis, and this gateway's own for while Redis fails. */
interface Counters {
  readonly shared: RateLimiterRedis;
  readonly local: RateLimiterMemory;
}

/**
 * Rate limits a cluster's gateways share in Redis: a key's requests count alike whichever gateway
 * they arrive at, and an allowance spent is refused at the gateway, before the leader spends anything
 * on it. While Redis is out of reach each gateway counts on its own (an allowance per gateway): the
 * requests a gateway serves itself, which the leader never sees, are still counted, and the leader
 * still counts every request that reaches it.
 *
 * Out of reach is also a Redis that does not answer in time: from its first command timed out until
 * a probe is answered again, the gateway counts on its own without asking it, so requests do not each
 * wait out the timeout.
 */
export class SharedLimits {
  private readonly counters = new Map<string, Counters>();
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
  ) {
    // a connection made again answers: the probe's question is settled, and the reconnect is said already
    redis.on('ready', () => this.answering());
  }

  /** Counts one request of `client` under `rule`; false once its allowance for the window is spent. */
  async allows(client: string, rule: RateLimitRule): Promise<boolean> {
    const { shared, local } = this.countersOf(rule);
    if (this.probe === undefined) {
      try {
        return await this.counted(shared, client, rule);
      } catch (error) {
        // Redis failed (out of reach at once, or silent): this request is counted here
        if (error instanceof Error && error.message === TIMED_OUT) this.silent();
      }
    }
    // the gateway's own count fails only with a refusal
    return this.counted(local, client, rule).catch(() => true);
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
  private async counted(limiter: RateLimiterAbstract, client: string, rule: RateLimitRule): Promise<boolean> {
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

  private countersOf(rule: RateLimitRule): Counters {
    const id = `${rule.group}:${rule.limit}:${rule.windowMs}`;
    let counters = this.counters.get(id);
    if (counters === undefined) {
      const window = {
        keyPrefix: `${this.prefix}:${id}`,
        points: rule.limit,
        duration: Math.max(1, Math.ceil(rule.windowMs / 1000)),
      };
      counters = {
        shared: new RateLimiterRedis({ ...window, storeClient: this.redis }),
        local: new RateLimiterMemory(window),
      };
      this.counters.set(id, counters);
    }
    return counters;
  }
}
