import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { BatchedAsks } from '../../src/cluster/batched-asks.js';

/** Longer than any of these tests: only the test of waits ends one. */
const LONG_WAIT_MS = 60_000;

/**
 * No node leads until the test calls `leaderBack`: the message holding question 1 is retried until
 * then, and what is asked meanwhile is held. Each message is recorded; the leader answers each
 * question with itself.
 */
function heldBehindTheFirst(waitMs: number): {
  asks: BatchedAsks<number, number>;
  sent: { requests: number[]; giveUpAt: number }[];
  leaderBack: () => void;
} {
  let leaderBack!: () => void;
  const back = new Promise<void>((resolve) => (leaderBack = resolve));
  const sent: { requests: number[]; giveUpAt: number }[] = [];
  const asks = new BatchedAsks<number, number>(async (requests, { beforeRetry, giveUpAt }) => {
    sent.push({ requests: [...requests], giveUpAt });
    if (requests[0] === 1) {
      await beforeRetry();
      await back;
    }
    return [...requests];
  }, waitMs);
  return { asks, sent, leaderBack };
}

/** A leader that doubles what it is asked, and remembers each message it got. */
function doubling(): { asks: BatchedAsks<number, number>; messages: number[][] } {
  const messages: number[][] = [];
  const asks = new BatchedAsks<number, number>(async (requests) => {
    messages.push([...requests]);
    await nextTurn();
    return requests.map((r) => r * 2);
  }, LONG_WAIT_MS);
  return { asks, messages };
}

describe('questions a gateway puts to the leader', () => {
  it('go in one message per turn, each answered with its own answer', async () => {
    const { asks, messages } = doubling();
    const first = [1, 2, 3].map((n) => asks.ask(n));
    await nextTurn();
    const second = [4, 5].map((n) => asks.ask(n));
    assert.deepEqual(await Promise.all([...first, ...second]), [2, 4, 6, 8, 10]);
    assert.deepEqual(messages, [
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('never more than 256 to a message', async () => {
    const { asks, messages } = doubling();
    const answers = await Promise.all(Array.from({ length: 600 }, (_, i) => asks.ask(i)));
    assert.deepEqual(
      answers,
      Array.from({ length: 600 }, (_, i) => i * 2),
    );
    assert.deepEqual(
      messages.map((m) => m.length),
      [256, 256, 88],
    );
  });

  it('are each unanswered when the leader did not answer or the message failed', async () => {
    const silent = new BatchedAsks<number, number>(() => Promise.resolve(undefined), LONG_WAIT_MS);
    assert.deepEqual(await Promise.all([silent.ask(1), silent.ask(2)]), [undefined, undefined]);
    const failing = new BatchedAsks<number, number>(() => Promise.reject(new Error('connection closed')), LONG_WAIT_MS);
    assert.deepEqual(await Promise.all([failing.ask(1), failing.ask(2)]), [undefined, undefined]);
    const throwing = new BatchedAsks<number, number>(() => {
      throw new Error('not connected');
    }, LONG_WAIT_MS);
    assert.deepEqual(
      await Promise.all(Array.from({ length: 300 }, (_, i) => throwing.ask(i))),
      Array(300).fill(undefined),
    );
  });

  it('while no node leads, go to the next leader in the order they were asked, the later ones held', async () => {
    let leader = false;
    let noResponders!: () => void;
    const unanswered = new Promise<void>((resolve) => (noResponders = resolve));
    const arrived: number[][] = [];
    const sent: number[][] = [];
    const asks = new BatchedAsks<number, number>(async (requests, { beforeRetry }) => {
      sent.push([...requests]);
      await unanswered;
      // sent again until a leader is there, after those sent again before it; the first retries slower,
      // so that without that order the second would reach the leader first
      while (!leader) {
        await beforeRetry();
        for (let turn = 0; turn < (requests[0] === 1 ? 10 : 1); turn++) await nextTurn();
      }
      arrived.push([...requests]);
      return requests.map((r) => -r);
    }, LONG_WAIT_MS);
    const first = asks.ask(1);
    await nextTurn();
    const second = asks.ask(2);
    await nextTurn();
    noResponders();
    await nextTurn();
    const third = asks.ask(3);
    await nextTurn();
    await nextTurn();
    assert.deepEqual(sent, [[1], [2]], 'nothing new goes while those before are retried');
    leader = true;
    assert.deepEqual(await Promise.all([first, second, third]), [-1, -2, -3]);
    assert.deepEqual(arrived, [[1], [2], [3]]);
  });

  it('held behind a batch no leader answered in its whole wait: those due by then fail with it, the others go', async () => {
    const WAIT_MS = 400;
    const sent: number[][] = [];
    const asks = new BatchedAsks<number, number>(async (requests, { beforeRetry, giveUpAt }) => {
      sent.push([...requests]);
      if (requests[0] !== 1) return requests.map((r) => r * 10);
      // no node leads until the first's wait is over
      await beforeRetry();
      await sleep(giveUpAt - performance.now());
      return undefined;
    }, WAIT_MS);
    const first = asks.ask(1);
    while (sent.length === 0) await nextTurn();
    const heldAsLong = asks.ask(2);
    await sleep(300);
    const heldLater = asks.ask(3);
    assert.deepEqual(await Promise.all([first, heldAsLong, heldLater]), [undefined, undefined, 30]);
    assert.deepEqual(sent, [[1], [3]], 'the one with its wait spent is not sent');
  });

  it('a batch the leader received and did not answer holds nothing back', async () => {
    const sent: number[][] = [];
    const asks = new BatchedAsks<number, number>((requests) => {
      sent.push([...requests]);
      // the leader died with the first: its answer never comes (until the wait ends)
      return requests[0] === 1 ? new Promise(() => undefined) : Promise.resolve(requests.map((r) => r + 1));
    }, LONG_WAIT_MS);
    void asks.ask(1);
    await nextTurn();
    assert.equal(await asks.ask(2), 3);
    assert.deepEqual(sent, [[1], [2]]);
  });

  it('wait from when they were asked: one held past its whole wait is never sent, a batch ends with its oldest', async () => {
    const WAIT_MS = 600;
    const { asks, sent, leaderBack } = heldBehindTheFirst(WAIT_MS);
    const askedFirst = performance.now();
    const first = asks.ask(1);
    while (sent.length === 0) await nextTurn();
    const held = asks.ask(2);
    await sleep(WAIT_MS + 50);
    const askedLast = performance.now();
    const fresh = asks.ask(3);
    await nextTurn();
    leaderBack();
    assert.deepEqual(await Promise.all([first, held, fresh]), [1, undefined, 3]);
    assert.deepEqual(
      sent.map((s) => s.requests),
      [[1], [3]],
      'the one whose wait ended while held is not sent',
    );
    assert.ok(sent[0]!.giveUpAt >= askedFirst + WAIT_MS && sent[0]!.giveUpAt < askedFirst + WAIT_MS + 50);
    assert.ok(sent[1]!.giveUpAt >= askedLast + WAIT_MS, 'a fresh question has its whole wait');
  });

  for (const [apart, together] of [
    [30, true],
    [1_100, false],
  ] as const) {
    it(`held questions asked ${apart} ms apart go ${together ? 'together, ending with the oldest' : 'in messages of their own, in order'}`, async () => {
      const { asks, sent, leaderBack } = heldBehindTheFirst(LONG_WAIT_MS);
      void asks.ask(1);
      while (sent.length === 0) await nextTurn();
      const askedOldest = performance.now();
      const held = [asks.ask(2)];
      await sleep(apart);
      held.push(asks.ask(3));
      await nextTurn();
      leaderBack();
      assert.deepEqual(await Promise.all(held), [2, 3]);
      assert.deepEqual(
        sent.map((s) => s.requests),
        together ? [[1], [2, 3]] : [[1], [2], [3]],
      );
      assert.ok(sent[1]!.giveUpAt >= askedOldest + LONG_WAIT_MS && sent[1]!.giveUpAt < askedOldest + LONG_WAIT_MS + 20);
      if (!together) assert.ok(sent[2]!.giveUpAt - sent[1]!.giveUpAt >= 1_000, 'each ends with its own oldest');
    });
  }
});
