import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { commitBatch } from '../../src/store/commit-batch.js';
import { CommitChain, CommitTimedOutError } from '../../src/store/commit-chain.js';
import type { CommitBatch } from '../../src/store/port.js';

/** A store's writes, each held until the test lets it land (or fail). */
class HeldWrites {
  readonly started: CommitBatch[] = [];
  private readonly held: { land: () => void; fail: (e: Error) => void }[] = [];

  readonly write = (batch: CommitBatch): Promise<void> => {
    this.started.push(batch);
    return new Promise((land, fail) => this.held.push({ land, fail }));
  };

  land(i: number): void {
    this.held[i]!.land();
  }
}

const batch = (seq: number): CommitBatch => commitBatch({ journal: [{ seq, time: seq, command: '{}' }] });
const seqs = (b: CommitBatch | undefined): number[] => (b?.journal ?? []).map((j) => j.seq);
const failure = (p: Promise<void>): Promise<unknown> =>
  p.then(
    () => 'landed',
    (e: unknown) => e,
  );

describe('the commit chain: in order, and in time when it has a limit', () => {
  it('without a limit, a commit waits as long as its write does; those queued behind go together next', async () => {
    const writes = new HeldWrites();
    const chain = new CommitChain(writes.write);
    const first = chain.commit(batch(1));
    const second = chain.commit(batch(2));
    const third = chain.commit(batch(3));
    await sleep(50);
    assert.equal(writes.started.length, 1);
    writes.land(0);
    await first;
    await sleep(0);
    assert.deepEqual(seqs(writes.started[1]), [2, 3]);
    writes.land(1);
    await Promise.all([second, third]);
    assert.equal(chain.idle, true);
  });

  it('a write past the limit fails with those queued behind it, unwritten; nothing is written until it is known', async () => {
    const writes = new HeldWrites();
    const chain = new CommitChain(writes.write);
    chain.limit(100);
    const hung = failure(chain.commit(batch(1)));
    const queued = failure(chain.commit(batch(2)));
    const startedAt = performance.now();
    assert.ok((await hung) instanceof CommitTimedOutError);
    assert.ok((await queued) instanceof CommitTimedOutError);
    assert.ok(performance.now() - startedAt < 1_000);
    // handed over while the one given up on may still land: it waits for that
    const after = chain.commit(batch(3));
    let settled = false;
    void chain.settled().then(() => (settled = true));
    await sleep(50);
    assert.deepEqual(writes.started.map(seqs), [[1]], 'nothing more written, the queued one never');
    assert.equal(settled, false);
    writes.land(0);
    await sleep(0);
    assert.deepEqual(writes.started.map(seqs), [[1], [3]]);
    writes.land(1);
    await after;
    await sleep(0);
    assert.equal(settled, true, 'settled once the chain writes nothing');
  });

  it('its time runs from when it was handed over, not from when its write starts', async () => {
    const writes = new HeldWrites();
    const chain = new CommitChain(writes.write);
    chain.limit(200);
    const slow = chain.commit(batch(1));
    await sleep(20);
    const handedAt = performance.now();
    const behind = failure(chain.commit(batch(2)));
    await sleep(130);
    writes.land(0);
    await slow;
    // its own write starts now and hangs: given up on 200 ms after it was handed over, not 200 ms from now
    assert.ok((await behind) instanceof CommitTimedOutError);
    const took = performance.now() - handedAt;
    assert.ok(took < 300, `${took} ms`);
  });

  it('a write that throws at once fails its commit, and the chain goes on', async () => {
    let calls = 0;
    const chain = new CommitChain(() => {
      calls++;
      if (calls === 1) throw new Error('cannot write');
      return Promise.resolve();
    });
    assert.match(String(await failure(chain.commit(batch(1)))), /cannot write/);
    await chain.commit(batch(2));
    assert.equal(chain.idle, true);
  });
});
