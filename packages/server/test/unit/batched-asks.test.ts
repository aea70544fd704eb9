import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { BatchedAsks } from '../../src/cluster/batched-asks.js';

/** A leader that doubles what it is asked, and remembers each message it got. */
function doubling(): { asks: BatchedAsks<number, number>; messages: number[][] } {
  const messages: number[][] = [];
  const asks = new BatchedAsks<number, number>(async (requests) => {
    messages.push([...requests]);
    await nextTurn();
    return requests.map((r) => r * 2);
  });
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
    const silent = new BatchedAsks<number, number>(() => Promise.resolve(undefined));
    assert.deepEqual(await Promise.all([silent.ask(1), silent.ask(2)]), [undefined, undefined]);
    const failing = new BatchedAsks<number, number>(() => Promise.reject(new Error('connection closed')));
    assert.deepEqual(await Promise.all([failing.ask(1), failing.ask(2)]), [undefined, undefined]);
    const throwing = new BatchedAsks<number, number>(() => {
      throw new Error('not connected');
    });
    assert.deepEqual(
      await Promise.all(Array.from({ length: 300 }, (_, i) => throwing.ask(i))),
      Array(300).fill(undefined),
    );
  });

  it('go one message at a time: what is asked while one is out waits for its answer, then goes in order', async () => {
    const messages: number[][] = [];
    const releases: (() => void)[] = [];
    const asks = new BatchedAsks<number, number>(async (requests) => {
      messages.push([...requests]);
      // a leader that answers when told: as after a failover, when the first message is the one retried
      await new Promise<void>((release) => releases.push(release));
      return requests.map((r) => -r);
    });
    const first = asks.ask(1);
    await nextTurn();
    const later = [2, 3].map((n) => asks.ask(n));
    await nextTurn();
    await nextTurn();
    assert.deepEqual(messages, [[1]], 'nothing else is sent while the first is out');
    releases[0]!();
    assert.equal(await first, -1);
    while (releases.length < 2) await nextTurn();
    assert.deepEqual(messages, [[1], [2, 3]]);
    releases[1]!();
    assert.deepEqual(await Promise.all(later), [-2, -3]);
  });

  it('that waited behind a message no leader answered are unanswered with it, and the next ones go again', async () => {
    let answering = false;
    const release: (() => void)[] = [];
    const asks = new BatchedAsks<number, number>(async (requests) => {
      if (answering) return requests.map((r) => r * 10);
      await new Promise<void>((resolve) => release.push(resolve));
      return undefined;
    });
    const first = asks.ask(1);
    await nextTurn();
    const behind = [asks.ask(2), asks.ask(3)];
    while (release.length === 0) await nextTurn();
    release[0]!();
    assert.deepEqual(await Promise.all([first, ...behind]), [undefined, undefined, undefined]);
    answering = true;
    assert.equal(await asks.ask(4), 40);
  });
});
