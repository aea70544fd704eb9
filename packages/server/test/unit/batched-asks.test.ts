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
});
