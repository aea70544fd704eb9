import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RateLimitRule } from '@txc/sdk';
import { RateLimiter } from '../../src/http/rate-limiter.js';

const RULE: RateLimitRule = { group: 'g', limit: 10, windowMs: 10_000 };

/** A full collection on demand, so that heap figures measure what is kept, not what awaits collection. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('the rate limiter', () => {
  it('gives a fresh client exactly its limit, and does not count what it refuses', () => {
    const limiter = new RateLimiter();
    const answers = Array.from({ length: 15 }, () => limiter.hit('a', RULE, 1000));
    assert.deepEqual(answers, [...Array<boolean>(10).fill(true), ...Array<boolean>(5).fill(false)]);
    assert.equal(limiter.hit('b', RULE, 1000), true, 'clients count apart');
    // Refusals were not counted: the next window only weighs the 10 accepted ones.
    assert.equal(limiter.hit('a', RULE, 10_000 + 1000 + 9_999), true);
  });

  it('slides: the previous window weighs in as much as it still overlaps', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 10; i++) assert.ok(limiter.hit('a', RULE, 0));
    // Just after the boundary the previous window still weighs all 10: no doubling across it.
    assert.equal(limiter.hit('a', RULE, 10_000), false);
    // Half-way through the next window it weighs 5: five more pass.
    const half = Array.from({ length: 6 }, () => limiter.hit('a', RULE, 15_000));
    assert.deepEqual(half, [true, true, true, true, true, false]);
    // Two windows of silence forget it altogether.
    assert.equal(limiter.hit('a', RULE, 40_000), true);
  });

  it('forgets idle clients once they cannot weigh any more', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 1000; i++) limiter.hit(`ip-${i}`, RULE, 0);
    assert.equal(limiter.size, 1000);
    limiter.hit('late', RULE, 20_000);
    assert.equal(limiter.size, 1);
  });

  it('keeps its memory bounded under sustained load from ever new IPs and keys', () => {
    const gc = collector();
    const cap = 20_000;
    const limiter = new RateLimiter(cap);
    const rules: RateLimitRule[] = [
      { group: 'ip', limit: 10_000, windowMs: 10_000 },
      { group: 'order', limit: 10_000, windowMs: 10_000 },
      { group: 'main-account', limit: 1000, windowMs: 10_000 },
    ];
    gc();
    const before = process.memoryUsage().heapUsed;
    // Two minutes of traffic at 10,000 requests a second, every request from a client never seen
    // before, and one steady client throughout that must stay limited as usual.
    let steadyAccepted = 0;
    let largest = 0;
    for (let i = 0; i < 1_200_000; i++) {
      const now = i / 10;
      const rule = rules[i % 3]!;
      const client = rule.group === 'ip' ? `198.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` : `key${i}`;
      limiter.hit(`${client}|${rule.group}`, rule, now);
      if (i % 200 === 0 && limiter.hit('steady|main-account', rules[2]!, now)) steadyAccepted++;
      largest = Math.max(largest, limiter.size);
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    assert.ok(largest <= cap, `${largest} counters kept, at most ${cap} allowed`);
    // A counter and its key take a few hundred bytes; the bound leaves room for the runtime's own noise.
    assert.ok(grown < cap * 1024, `the heap grew by ${grown} bytes for at most ${cap} counters`);
    // 6000 attempts over 120 s, half its limit: every one passes, its counter never lost to the flood.
    assert.equal(steadyAccepted, 6000);
  });

  it('a client that keeps coming stays limited while strangers flood the limiter', () => {
    const limiter = new RateLimiter(1000);
    const rule: RateLimitRule = { group: 'g', limit: 50, windowMs: 10_000 };
    let accepted = 0;
    for (let i = 0; i < 200_000; i++) {
      const now = i / 40; // 5 s: all within one window
      limiter.hit(`stranger-${i}`, rule, now);
      if (i % 500 === 0 && limiter.hit('steady', rule, now)) accepted++;
    }
    // 400 tries: only its limit passes, because the flood never evicted its counter.
    assert.equal(accepted, 50);
    assert.ok(limiter.size <= 1000);
  });
});
