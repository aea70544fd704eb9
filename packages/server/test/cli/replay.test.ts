import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { SQLITE_FILE } from '../../src/store/store-location.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { tempDirs } from '../support/temp-dirs.js';
import { TestServer } from '../support/test-server.js';
import { txc } from '../support/txc-cli.js';

const MIGRATIONS = 'select name from kysely_migration order by name';

describe('txc replay only reads', async () => {
  const dataDir = tempDirs('txc-replay-');
  const skip = await postgresSkipReason();

  it('creates no store where there is none', async () => {
    const dir = dataDir();
    const r = await txc(['replay', '--data-dir', dir]);
    assert.deepEqual([r.code, r.stderr, r.stdout], [1, `txc: no store at ${join(dir, SQLITE_FILE)}\n`, '']);
    assert.equal(existsSync(join(dir, SQLITE_FILE)), false);
  });

  it('reads beside the running server, and migrates nothing under it', async () => {
    const dir = dataDir();
    const server = await TestServer.start({ database: 'sqlite' }, dir);
    const file = join(dir, SQLITE_FILE);
    let applied: unknown[];
    try {
      await server.user('ada', { deposits: { BTC: '1' } });
      const seq = server.server.venue.state.seq;
      const live = await txc(['replay', '--verify', '--data-dir', dir]);
      assert.equal(live.code, 0, live.stderr);
      assert.equal((JSON.parse(live.stdout) as { seq: number }).seq, seq);

      // a store an older txc wrote: the last migration not yet applied
      const db = new Database(file);
      applied = db.prepare(MIGRATIONS).all();
      db.prepare('delete from kysely_migration where name = ?').run('0011-candles');
      db.close();
    } finally {
      await server.stop({ keepData: true });
    }
    const r = await txc(['replay', '--data-dir', dir]);
    assert.deepEqual(
      [r.code, r.stderr],
      [
        1,
        'txc: the store is not yet migrated to this txc (pending: 0011-candles): ' +
          'txc serve migrates it when it starts; replay only reads\n',
      ],
    );
    const db = new Database(file, { readonly: true });
    assert.equal(db.prepare(MIGRATIONS).all().length, applied.length - 1, 'replay applied no migration');
    db.close();
  });

  it('reports a damaged snapshot as not verified, having checked genesis against itself', async () => {
    const dir = dataDir();
    const server = await TestServer.start({ database: 'sqlite' }, dir);
    await server.user('bea', { deposits: { BTC: '1' } });
    // a graceful stop saves a snapshot of the final state
    await server.stop({ keepData: true });
    const db = new Database(join(dir, SQLITE_FILE));
    db.prepare("update snapshots set hash = '00' where seq = (select max(seq) from snapshots)").run();
    db.close();
    const r = await txc(['replay', '--verify', '--data-dir', dir]);
    assert.equal(r.code, 1, r.stderr);
    const report = JSON.parse(r.stdout) as {
      verified: boolean;
      hash: string;
      fromSnapshotHash: string;
      snapshot: { intact: boolean; matchesJournal: boolean };
    };
    assert.equal(report.verified, false);
    assert.equal(report.snapshot.intact, false);
    assert.equal(report.fromSnapshotHash, report.hash, 'two replays from genesis agree');
    assert.match(r.stderr, /NOT verified: the snapshot at seq \d+ is damaged/);
    assert.doesNotMatch(r.stderr, /at .*\.js:\d+/, 'no stack trace');
    // the server refuses to start on it, in one line (docs/operations.md says what to do then)
    const serve = await txc(['serve', '--port', '0', '--data-dir', dir], { timeoutMs: 20_000 });
    assert.equal(serve.code, 1);
    assert.match(serve.stderr, /^txc: snapshot \d+ does not match its hash\n$/);
  });

  it('refuses a store a newer txc migrated', async () => {
    const dir = dataDir();
    await (await TestServer.start({ database: 'sqlite' }, dir)).stop({ keepData: true });
    const db = new Database(join(dir, SQLITE_FILE));
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999-from-a-newer-txc', '2027');
    db.close();
    const r = await txc(['replay', '--data-dir', dir]);
    assert.deepEqual(
      [r.code, r.stderr],
      [1, 'txc: the store was migrated by a newer txc (9999-from-a-newer-txc): replay it with that version\n'],
    );
  });

  it('refuses a PostgreSQL database that holds no venue, and leaves it empty', { skip }, async () => {
    const db = await createTestDatabase();
    try {
      const r = await txc(['replay', '--data-dir', dataDir(), '--database', db.url]);
      assert.deepEqual(
        [r.code, r.stderr],
        [1, 'txc: no txc venue in that database (no txc migration has run there)\n'],
      );
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const tables = await client.query("select count(*)::int as n from pg_tables where schemaname = 'public'");
      await client.end();
      assert.deepEqual(tables.rows, [{ n: 0 }]);
    } finally {
      await db.drop();
    }
  });
});
