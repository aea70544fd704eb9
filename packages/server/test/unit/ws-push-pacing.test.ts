import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { PUSH_BURST, PushPacing } from '../../src/ws/push-pacing.js';

const SPACING = 10;

/** When each of `arrivals` (ms, ascending) leaves, a channel holding what comes while a push waits. */
function departures(pacing: PushPacing, arrivals: readonly number[]): { pushes: number[]; leaves: number[] } {
  const pushes: number[] = [];
  const leaves: number[] = [];
  let due: number | undefined;
  let waiting: number[] = [];
  const push = (at: number): void => {
    pacing.spent(at);
    pushes.push(at);
    for (const _ of waiting) leaves.push(at);
    waiting = [];
    due = undefined;
  };
  for (const at of arrivals) {
    if (due !== undefined && due <= at) push(due);
    waiting.push(at);
    if (due !== undefined) continue;
    const wait = pacing.waitMs(at);
    if (wait <= 0) push(at);
    else due = at + wait;
  }
  if (due !== undefined) push(due);
  return { pushes, leaves };
}

const arrivalTimes = fc
  .array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 200 })
  .map((gaps) => gaps.reduce<number[]>((times, gap) => [...times, (times.at(-1) ?? 0) + gap], []));

describe('PushPacing: a token bucket of pushes', () => {
  it('after a quiet spell lets the burst go back to back, then one push per spacing', () => {
    const pacing = new PushPacing(SPACING);
    for (let i = 0; i < PUSH_BURST; i++) {
      assert.equal(pacing.waitMs(1000), 0);
      pacing.spent(1000);
    }
    assert.equal(pacing.waitMs(1000), SPACING);
    assert.equal(pacing.waitMs(1004), SPACING - 4);
    pacing.spent(1010);
    assert.equal(pacing.waitMs(1010), SPACING);
    // a quiet spell of the whole burst's spacing fills it again, and no more
    assert.equal(pacing.waitMs(1010 + SPACING * (PUSH_BURST + 5)), 0);
    for (let i = 0; i < PUSH_BURST; i++) pacing.spent(1100);
    assert.equal(pacing.waitMs(1100), SPACING);
  });

  it('a push that left out of turn spends the allowance down to none, never below', () => {
    const pacing = new PushPacing(SPACING);
    for (let i = 0; i < PUSH_BURST + 4; i++) pacing.spent(0);
    assert.equal(pacing.waitMs(0), SPACING);
  });

  it('spacing 0: nothing ever waits', () => {
    const pacing = new PushPacing(0);
    for (let i = 0; i < 50; i++) {
      assert.equal(pacing.waitMs(7), 0);
      pacing.spent(7);
    }
  });

  it('never more than the burst plus one push per spacing in any stretch of time', () => {
    fc.assert(
      fc.property(arrivalTimes, (arrivals) => {
        const { pushes } = departures(new PushPacing(SPACING), arrivals);
        for (let i = 0; i < pushes.length; i++) {
          for (let j = i; j < pushes.length; j++) {
            const stretch = (pushes[j] as number) - (pushes[i] as number);
            assert.ok(j - i + 1 <= PUSH_BURST + stretch / SPACING, `${j - i + 1} pushes in ${stretch} ms`);
          }
        }
      }),
    );
  });

  it('nothing waits longer than one spacing, and arrivals a spacing apart never wait', () => {
    fc.assert(
      fc.property(arrivalTimes, (arrivals) => {
        const { leaves } = departures(new PushPacing(SPACING), arrivals);
        assert.equal(leaves.length, arrivals.length);
        arrivals.forEach((at, i) => assert.ok((leaves[i] as number) - at <= SPACING));
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: SPACING, max: 100 }), { maxLength: 100 }), (gaps) => {
        const arrivals = gaps.reduce<number[]>((times, gap) => [...times, (times.at(-1) ?? 0) + gap], [0]);
        assert.deepEqual(departures(new PushPacing(SPACING), arrivals).leaves, arrivals);
      }),
    );
  });
});
