import type { RateLimitRule } from '@txc/sdk';

/** Counters kept at most unless configured: a few tens of MB at worst. */
export const DEFAULT_MAX_KEYS = 200_000;

interface Counter {
  readonly windowMs: number;
  windowStart: number;
  count: number;
  previous: number;
}

/** Share of the counters dropped at once when the cap is reached. */
const EVICT_FRACTION = 100;

/**
 * Sliding-window counters: the count of the current window plus the previous window's count
 * weighted by how much of it still overlaps. A fresh client gets exactly `limit` requests. Memory
 * stays bounded however many distinct clients come: idle counters are swept once a window, and at
 * the cap the least recently used go first, so a flood of strangers evicts strangers, not the
 * clients that keep coming (whose limits would otherwise start afresh).
 */
export class RateLimiter {
  /** In least-recently-used order: each hit moves its counter to the end. */
  private readonly counters = new Map<string, Counter>();
  private lastSweep = 0;

  constructor(
    private readonly maxKeys: number = DEFAULT_MAX_KEYS,
    /** Told of every refusal, with the rule's group (metrics). */
    private readonly onRefused?: (group: string) => void,
  ) {}

  get size(): number {
    return this.counters.size;
  }

  /** Counts one request; false when it is over the limit (and then it is not counted). */
  hit(key: string, rule: RateLimitRule, nowMs: number): boolean {
    this.sweep(nowMs, rule.windowMs);
    let c = this.counters.get(key);
    if (c === undefined) {
      if (this.counters.size >= this.maxKeys) this.evictLeastRecent();
      c = { windowMs: rule.windowMs, windowStart: nowMs, count: 0, previous: 0 };
    } else {
      this.counters.delete(key);
      if (nowMs - c.windowStart >= rule.windowMs) {
        const windows = Math.floor((nowMs - c.windowStart) / rule.windowMs);
        c.previous = windows === 1 ? c.count : 0;
        c.count = 0;
        c.windowStart += windows * rule.windowMs;
      }
    }
    this.counters.set(key, c);
    const overlap = 1 - (nowMs - c.windowStart) / rule.windowMs;
    if (c.count + c.previous * overlap >= rule.limit) {
      this.onRefused?.(rule.group);
      return false;
    }
    c.count++;
    return true;
  }

  private sweep(nowMs: number, windowMs: number): void {
    if (nowMs - this.lastSweep < windowMs) return;
    this.lastSweep = nowMs;
    for (const [key, c] of this.counters) {
      if (nowMs - c.windowStart >= 2 * c.windowMs) this.counters.delete(key);
    }
  }

  /**
   * Drops a batch in one pass: a map's iterator walks over the slots of deleted entries, so
   * dropping one counter per new client under a flood would cost a long walk per request.
   */
  private evictLeastRecent(): void {
    let n = Math.max(1, Math.ceil(this.maxKeys / EVICT_FRACTION));
    for (const key of this.counters.keys()) {
      this.counters.delete(key);
      if (--n === 0) break;
    }
  }
}
