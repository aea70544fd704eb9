import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { commitBatch } from '../../src/store/commit-batch.js';
import { openPostgresStore, type PostgresStore } from '../../src/store/postgres.js';
import { auditRecord } from '../support/audit-record.js';
import { createTestDatabase, postgresSkipReason, type TestDatabase } from '../support/postgres.js';

const AUDIT = auditRecord('beside-slow-reads');

/** Long enough that writes waiting for one of these connections would finish after them. */
const SLOW_READ_S = 3;

describe('reads slower than their clients wait keep no write from a connection (PostgreSQL)', async () => {
  const skip = await postgresSkipReason();
  if (skip !== undefined) {
    it('runs against a real PostgreSQL', { skip }, () => undefined);
    return;
  }
  let db: TestDatabase;
  let store: PostgresStore;
  before(async () => {
    db = await createTestDatabase();
    store = openPostgresStore(db.url, { poolSize: 2 });
    await store.migrate();
  });
  after(async () => {
    await store.close();
    await db.drop();
  });

  it('a group commit and a snapshot land while every read connection is taken', async () => {
    // every connection the reads have, busy for seconds (a history read abandoned by its request runs on)
    const reads = Promise.all([1, 2].map(() => sql`select pg_sleep(${SLOW_READ_S})`.execute(store.db)));
    let readsDone = false;
    void reads.then(() => (readsDone = true));
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await store.commit(commitBatch({ audit: [AUDIT] }));
      await store.saveSnapshot({ seq: 0, time: 1, state: '{}', hash: 'h' }, 2);
      assert.equal(readsDone, false, 'the writes waited for a read to give its connection back');
    } finally {
      await reads;
    }
    const rows = await store.db.selectFrom('admin_audit').select('request_id').execute();
    assert.deepEqual(
      rows.map((r) => r.request_id),
      ['beside-slow-reads'],
    );
  });
});
