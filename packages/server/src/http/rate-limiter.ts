import type { RateLimitRule } from '@txc/sdk';

interface Counter {
  readonly windowMs: number;
  windowStart: number;
  count: number;
  previous: number;
}

/**
 * Sliding-window counters: the count of the current window plus the previous window's count
 * weighted by how much of it still overlaps. A fresh client gets exactly `limit` requests; memory
 * stays bounded however many distinct clients come, because idle counters are swept and the total
 * is capped.
 */
export class RateLimiter {
  private readonly counters = new Map<string, Counter>();
  private lastSweep = 0;

  constructor(private readonly maxKeys: number = 200_000) {}

  get size(): number {
    return this.counters.size;
  }

  /** Counts one request; false when it is over the limit (and then it is not counted). */
  hit(key: string, rule: RateLimitRule, nowMs: number): boolean {
    this.sweep(nowMs, rule.windowMs);
    let c = this.counters.get(key);
    if (c === undefined) {
      if (this.counters.size >= this.maxKeys) this.evictOldest();
      c = { windowMs: rule.windowMs, windowStart: nowMs, count: 0, previous: 0 };
      this.counters.set(key, c);
    } else if (nowMs - c.windowStart >= rule.windowMs) {
      const windows = Math.floor((nowMs - c.windowStart) / rule.windowMs);
      c.previous = windows === 1 ? c.count : 0;
      c.count = 0;
      c.windowStart += windows * rule.windowMs;
    }
    const overlap = 1 - (nowMs - c.windowStart) / rule.windowMs;
    if (c.count + c.previous * overlap >= rule.limit) return false;
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

  private evictOldest(): void {
    const oldest = this.counters.keys().next();
    if (oldest.done !== true) this.counters.delete(oldest.value);
  }
}
