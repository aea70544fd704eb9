import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { commitBatch } from '../../src/store/commit-batch.js';
import { CommitTimedOutError } from '../../src/store/commit-chain.js';
import { openPostgresStore, type PostgresStore } from '../../src/store/postgres.js';
import { auditRecord } from '../support/audit-record.js';
import { createTestDatabase, postgresSkipReason, type TestDatabase } from '../support/postgres.js';

const AUDIT = auditRecord('held');

/** Whether `p` has settled after `ms`. */
async function settledAfter(p: Promise<unknown>, ms: number): Promise<boolean> {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  await sleep(ms);
  return done;
}

describe('a commit given up on holds back what must follow it (PostgreSQL)', async () => {
  const skip = await postgresSkipReason();
  if (skip !== undefined) {
    it('runs against a real PostgreSQL', { skip }, () => undefined);
    return;
  }
  let db: TestDatabase;
  let store: PostgresStore;
  before(async () => {
    db = await createTestDatabase();
    store = openPostgresStore(db.url);
    await store.migrate();
    store.limitCommits(100);
  });
  after(async () => {
    await store.close();
    await db.drop();
  });

  it('the probe of a recovery and a load of saved tables wait until it has landed, and then see it', async () => {
    const saved = await store.readVenueTables();
    const locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    await locker.query('BEGIN');
    // the commit's audit line waits; nothing else the probe or the load touches does
    await locker.query('LOCK TABLE admin_audit IN EXCLUSIVE MODE');
    try {
      const held = await store.commit(commitBatch({ audit: [AUDIT] })).catch((e: unknown) => e);
      assert.ok(held instanceof CommitTimedOutError, String(held));
      const probe = store.probeWrite();
      const load = store.replaceVenueTables(saved);
      assert.equal(await settledAfter(probe, 300), false, 'the probe waits for the commit given up on');
      assert.equal(await settledAfter(load, 0), false, 'the load waits for it too');
      await locker.query('ROLLBACK');
      await probe;
      await load;
    } finally {
      await locker.end();
    }
    const rows = await store.db.selectFrom('admin_audit').select('request_id').execute();
    assert.deepEqual(
      rows.map((r) => r.request_id),
      ['held'],
      'it landed once the store answered',
    );
  });
});
