import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { DAY_MICROS, RollingStats, type TradePrint } from '../../src/market-data/rolling-stats.js';
import { TtlCache } from '../../src/market-data/ttl-cache.js';

const HOUR = 3_600_000_000;

function print(tradeId: number, time: number, price: number, lots: number): TradePrint {
  return { tradeId, time, price, lots, notional: BigInt(price * lots), takerSide: 'buy', rpi: false };
}

describe('rolling 24-hour statistics', () => {
  it('trades leave the window after 24 hours: volumes, high, low and open follow; the last price stays', () => {
    const s = new RollingStats();
    s.add(print(1, 0, 100, 1));
    s.add(print(2, 2 * HOUR, 300, 2));
    s.add(print(3, 5 * HOUR, 200, 3));
    assert.deepEqual(s.at(6 * HOUR), {
      last: 200,
      open: 100,
      high: 300,
      low: 100,
      lots: 6n,
      notional: 1300n,
      count: 3,
    });
    // the first trade leaves
    assert.deepEqual(s.at(DAY_MICROS + 1), {
      last: 200,
      open: 300,
      high: 300,
      low: 200,
      lots: 5n,
      notional: 1200n,
      count: 2,
    });
    // the high leaves
    assert.deepEqual(s.at(DAY_MICROS + 3 * HOUR), {
      last: 200,
      open: 200,
      high: 200,
      low: 200,
      lots: 3n,
      notional: 600n,
      count: 1,
    });
    assert.deepEqual(s.at(2 * DAY_MICROS), {
      last: 200,
      open: null,
      high: null,
      low: null,
      lots: 0n,
      notional: 0n,
      count: 0,
    });
  });

  it('a trade whose id is not above the last one counted is refused: it was counted already', () => {
    const s = new RollingStats();
    assert.equal(s.add(print(1, 0, 100, 1)), true);
    assert.equal(s.add(print(2, HOUR, 300, 2)), true);
    assert.equal(s.add(print(2, HOUR, 300, 2)), false);
    assert.equal(s.add(print(1, 0, 100, 1)), false);
    assert.deepEqual(s.at(2 * HOUR), { last: 300, open: 100, high: 300, low: 100, lots: 3n, notional: 700n, count: 2 });
  });

  it('agrees with a direct computation over the window for any trade stream', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gap: fc.nat(10 * HOUR),
            price: fc.integer({ min: 1, max: 1000 }),
            lots: fc.integer({ min: 1, max: 50 }),
          }),
          {
            maxLength: 200,
          },
        ),
        fc.nat(10 * HOUR),
        (steps, tail) => {
          const s = new RollingStats();
          const all: TradePrint[] = [];
          // one clock stamps trades and queries: neither goes back
          let t = 0;
          let now = 0;
          steps.forEach((x, i) => {
            t = Math.max(t + x.gap, now);
            const p = print(i + 1, t, x.price, x.lots);
            all.push(p);
            s.add(p);
            now = t + (i % 3 === 0 ? tail : 0);
            const inside = all.filter((q) => q.time >= now - DAY_MICROS);
            const got = s.at(now);
            assert.equal(got.count, inside.length);
            assert.equal(
              got.lots,
              inside.reduce((a, q) => a + BigInt(q.lots), 0n),
            );
            assert.equal(got.high, inside.length === 0 ? null : Math.max(...inside.map((q) => q.price)));
            assert.equal(got.low, inside.length === 0 ? null : Math.min(...inside.map((q) => q.price)));
            assert.equal(got.open, inside[0]?.price ?? null);
            assert.equal(got.last, p.price);
          });
        },
      ),
      { seed: 24, numRuns: 100 },
    );
  });
});

describe('public data cache', () => {
  it('answers the same value within its period, a fresh one after', () => {
    let now = 1000;
    let computed = 0;
    const cache = new TtlCache<number>(1000, () => now);
    const get = (): number => cache.get('k', () => ++computed);
    assert.equal(get(), 1);
    now += 999;
    assert.equal(get(), 1);
    now += 1;
    assert.equal(get(), 2);
  });
});
