import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commitBatch, mergeBatches } from '../../src/store/commit-batch.js';

describe('merging group commits that queued up behind a slow one', () => {
  it('keeps every row in order, the latest nonce per key and the lowest window floor', () => {
    const merged = mergeBatches([
      commitBatch({ journal: [{ seq: 1, time: 1, command: 'a' }], nonces: new Map([['k', 5]]), windowNonceFloor: 30 }),
      commitBatch({ journal: [{ seq: 2, time: 2, command: 'b' }], nonces: new Map([['k', 7]]), windowNonceFloor: 10 }),
      commitBatch({ meta: new Map([['m', 'x']]), windowNonceFloor: 20 }),
    ]);
    assert.deepEqual(
      merged.journal.map((j) => j.seq),
      [1, 2],
    );
    assert.deepEqual([...merged.nonces], [['k', 7]]);
    assert.equal(merged.windowNonceFloor, 10);
    assert.deepEqual([...merged.meta], [['m', 'x']]);
  });

  it('takes a backlog of hundreds of thousands of commits (a store stalled for seconds)', () => {
    const backlog = Array.from({ length: 300_000 }, (_, i) =>
      commitBatch({ journal: [{ seq: i + 1, time: i, command: '{}' }], windowNonceFloor: 1_000_000 - i }),
    );
    const merged = mergeBatches(backlog);
    assert.equal(merged.journal.length, 300_000);
    assert.equal(merged.windowNonceFloor, 1_000_000 - 299_999);
  });
});
