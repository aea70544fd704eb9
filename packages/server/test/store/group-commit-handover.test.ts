import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createState } from '@txc/core';
import type { CommitBatch, Store } from '../../src/store/port.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { systemClock } from '../../src/venue/sequencer/clock.js';
import { Sequencer } from '../../src/venue/sequencer/sequencer.js';
import { USER_HISTORY_CATCH_UP_EVERY } from '../../src/config/schema.js';

describe('group commits: when a batch is handed to the store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'txc-handover-'));
  const store = openSqliteStore(join(dir, 'txc.sqlite'));
  /** Journal entries of each commit the sequencer hands over, in order. */
  const handed: number[] = [];
  // the real store, with its commits counted on their way in
  const counted: Store = Object.assign(Object.create(store) as Store, {
    commit: (b: CommitBatch) => {
      handed.push(b.journal.length);
      return store.commit(b);
    },
  });
  let sequencer: Sequencer;

  before(async () => {
    await store.migrate();
    sequencer = new Sequencer(createState(), {
      store: counted,
      clock: systemClock(),
      windowNonceRetentionMs: 10_000,
      onCommitFailure: (error) => assert.fail(String(error)),
      snapshotEvery: 0,
      onSnapshot: () => undefined,
      userHistoryCatchUpEvery: USER_HISTORY_CATCH_UP_EVERY,
    });
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const createUser = (name: string): Promise<unknown> => sequencer.submit({ type: 'CreateUser', name, eea: false });

  it('a command that finds the store idle goes at once; those applied while it commits go together', async () => {
    handed.length = 0;
    const first = createUser('u1');
    assert.deepEqual(handed, [1], 'handed over before the turn ends');
    const rest = [createUser('u2'), createUser('u3')];
    assert.deepEqual(handed, [1], 'the store is busy: the batch stays open');
    await Promise.all([first, ...rest]);
    assert.deepEqual(handed, [1, 2]);
    assert.equal(await store.lastSeq(), 3);
  });

  it('what is submitted in one commit goes together even when the store is idle', async () => {
    handed.length = 0;
    const pending = sequencer.inOneCommit(() => [createUser('u4'), createUser('u5')]);
    assert.deepEqual(handed, []);
    await Promise.all(pending);
    assert.deepEqual(handed, [2]);
  });

  it('a recorded nonce alone waits for the end of the turn', async () => {
    handed.length = 0;
    sequencer.recordNonce('key', 1);
    assert.deepEqual(handed, []);
    await sequencer.barrier();
    assert.deepEqual(handed, [0]);
  });
});
