import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { commitBatch } from '../../src/store/commit-batch.js';
import { openPostgresStore, type PostgresStore } from '../../src/store/postgres.js';
import { StoreClaimedError } from '../../src/store/store-claimed-error.js';
import { createTestDatabase, postgresSkipReason, type TestDatabase } from '../support/postgres.js';
import { TestServer } from '../support/test-server.js';

/**
 * The session holding the venue's lock (0x747863, 1), ended from outside as a lost connection would end it. The
 * answer waits for the backend to have exited (PostgreSQL 14+): its socket is closed by then, however slow the exit.
 */
async function terminateClaim(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid, 5000) as ended from pg_locks
        where locktype = 'advisory' and granted and classid = $1 and objid = 1 and objsubid = 2
          and database = (select oid from pg_database where datname = current_database())`,
      [0x747863],
    );
    assert.deepEqual(rows, [{ ended: true }]);
  } finally {
    await admin.end();
  }
}

describe('one venue writes a PostgreSQL database (Store.claim)', async () => {
  const skip = await postgresSkipReason();
  if (skip !== undefined) {
    it('runs against a real PostgreSQL', { skip }, () => undefined);
    return;
  }
  let db: TestDatabase;
  const open: PostgresStore[] = [];
  const store = (): PostgresStore => {
    const s = openPostgresStore(db.url);
    open.push(s);
    return s;
  };

  before(async () => {
    db = await createTestDatabase();
    const first = store();
    await first.migrate();
    await first.close();
  });
  after(async () => {
    for (const s of open) await s.close().catch(() => undefined);
    await db.drop();
  });

  it('refuses a second claim, naming the holder, until the first store closes', async () => {
    const a = store();
    const b = store();
    await a.claim();
    await a.claim(); // held already: nothing to do
    await assert.rejects(
      b.claim(),
      (e: unknown) => e instanceof StoreClaimedError && /holds this database \(txc from .*, pid \d+\)/.test(e.message),
    );
    await a.close();
    await b.claim();
    await b.close();
  });

  it('a claim whose connection is lost fails the next commit until it is taken again', async () => {
    const a = store();
    await a.claim();
    await a.commit(commitBatch({ meta: new Map([['claim.test', '1']]) }));
    await terminateClaim(db.url);
    // the socket is closed already: the client has only to read that
    await new Promise((resolve) => setTimeout(resolve, 200));
    await assert.rejects(
      a.commit(commitBatch({ meta: new Map([['claim.test', '2']]) })),
      /does not hold the database lock/,
    );
    // another venue took the database meanwhile: this one stays out
    const b = store();
    await b.claim();
    // however often it probes, and whatever it tries to write, it stays out while b holds the database
    await assert.rejects(a.probeWrite(), StoreClaimedError);
    await assert.rejects(a.probeWrite(), StoreClaimedError);
    await assert.rejects(
      a.commit(commitBatch({ meta: new Map([['claim.test', '3']]) })),
      /does not hold the database lock/,
    );
    await b.close();
    await a.probeWrite();
    await a.commit(commitBatch({ meta: new Map([['claim.test', '4']]) }));
    assert.equal(await a.getMeta('claim.test'), '4');
    await assert.rejects(store().claim(), StoreClaimedError);
    await a.close();
  });

  it('a second server on the database stops at start-up, whatever its data dir', async () => {
    const dirs = [mkdtempSync(join(tmpdir(), 'txc-claim-')), mkdtempSync(join(tmpdir(), 'txc-claim-'))];
    const first = await TestServer.start({ database: db.url }, dirs[0]);
    try {
      await assert.rejects(TestServer.start({ database: db.url }, dirs[1]), StoreClaimedError);
    } finally {
      await first.stop({ keepData: true });
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
