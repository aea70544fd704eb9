import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { STORE_LOCK_SUFFIX } from '../../src/process/data-dir-lock.js';
import { SQLITE_FILE } from '../../src/store/store-location.js';
import { TestServer } from '../support/test-server.js';
import { txc } from '../support/txc-cli.js';
import { tempDirs } from '../support/temp-dirs.js';

/** The files beside `file` whose names begin with its own (`-wal`, `-shm`, `.partial`…). */
function besides(file: string): string[] {
  return readdirSync(dirname(file)).filter((name) => name !== basename(file) && name.startsWith(basename(file)));
}

/** The state a server on `dir` serves, as the admin API reports it. */
async function servedState(dir: string): Promise<unknown> {
  const server = await TestServer.start({ database: 'sqlite' }, dir);
  try {
    return (await server.admin('GET', '/admin/v1/state')).body;
  } finally {
    await server.stop({ keepData: true });
  }
}

describe('txc backup and txc restore (SQLite)', () => {
  const tempDir = tempDirs('txc-backup-');

  /** A stopped venue with a user, its backup, and the state both hold. */
  async function backedUp(): Promise<{ dir: string; backup: string; state: unknown }> {
    const dir = tempDir();
    const backup = join(tempDir(), 'backup.sqlite');
    const server = await TestServer.start({ database: 'sqlite' }, dir);
    try {
      await server.user('bea', { deposits: { BTC: '1.5' } });
      assert.equal((await txc(['backup', backup, '--data-dir', dir])).code, 0);
      return { dir, backup, state: (await server.admin('GET', '/admin/v1/state')).body };
    } finally {
      await server.stop({ keepData: true });
    }
  }

  it('backs up a running server, restores into a stopped one, keeps the replaced store aside', async () => {
    const dir = tempDir();
    const file = join(tempDir(), 'txc-backup.sqlite');
    const server = await TestServer.start({ database: 'sqlite' }, dir);
    let apiKey: string;
    let apiSecret: string;
    try {
      ({ apiKey, apiSecret } = await server.user('bea', { deposits: { BTC: '1.5' } }));
      const seqAtBackup = server.server.venue.state.seq;
      const b = await txc(['backup', file, '--data-dir', dir]);
      assert.equal(b.code, 0, b.stderr);
      const report = JSON.parse(b.stdout) as { file: string; seq: number; bytes: number };
      assert.equal(report.seq, seqAtBackup);
      assert.ok(report.bytes > 0);
      assert.deepEqual(besides(file), [], 'the backup is one file');
      assert.equal(statSync(file).mode & 0o777, 0o600, 'readable by its owner alone, whatever the umask');

      // what a backup killed midway left: no file under the backup's name, and nothing in the way of the next
      const second = join(tempDir(), 'second.sqlite');
      writeFileSync(`${second}.partial`, 'half a copy');
      writeFileSync(`${second}.partial-journal`, 'its journal');
      const retried = await txc(['backup', second, '--data-dir', dir]);
      assert.equal(retried.code, 0, retried.stderr);
      assert.deepEqual(besides(second), []);

      const again = await txc(['backup', file, '--data-dir', dir]);
      assert.equal(again.code, 1);
      assert.match(again.stderr, /already exists/);
      const nowhere = await txc(['backup', join(dir, 'no-such-dir', 'b.sqlite'), '--data-dir', dir]);
      assert.deepEqual([nowhere.code, nowhere.stderr], [1, `txc: ${join(dir, 'no-such-dir')} does not exist\n`]);

      await server.admin('POST', '/admin/v1/deposits', { user: 'bea', ticker: 'BTC', amount: '2' });
      const busy = await txc(['restore', file, '--data-dir', dir]);
      assert.equal(busy.code, 1, 'no restore under a running server');
      assert.match(busy.stderr, /held by server process/);
    } finally {
      await server.stop({ keepData: true });
    }

    const r = await txc(['restore', file, '--data-dir', dir]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(besides(file), [], 'reading the backup left nothing beside it');
    const restored = JSON.parse(r.stdout) as { seq: number; hash: string; previous: string };
    assert.ok(existsSync(restored.previous), 'the replaced store is kept');

    const back = await TestServer.start({ database: 'sqlite' }, dir);
    try {
      assert.deepEqual(await back.client(apiKey, apiSecret).mainBalance('BTC'), { main_balance: '1.5' });
      assert.deepEqual((await back.admin('GET', '/admin/v1/state')).body, { seq: restored.seq, hash: restored.hash });
    } finally {
      await back.stop({ keepData: true });
    }
    const verify = await txc(['replay', '--verify', '--data-dir', dir]);
    assert.equal((JSON.parse(verify.stdout) as { verified: boolean }).verified, true);
  });

  it('finishes a backup of a store many steps long while the server keeps committing', async () => {
    const dir = tempDir();
    const file = join(tempDir(), 'txc-backup.sqlite');
    await (await TestServer.start({ database: 'sqlite' }, dir)).stop({ keepData: true });
    // Ballast of 64 MB written straight into the store: 16,000 pages, 160 times the pages a step of
    // SQLite's online backup copies by default, so that commits land between the steps.
    const store = new Database(join(dir, SQLITE_FILE));
    store.prepare('insert into meta (key, value) values (?, ?)').run('test.ballast', 'x'.repeat(64 << 20));
    store.close();

    const server = await TestServer.start({ database: 'sqlite' }, dir);
    try {
      await server.user('bea');
      const seqBefore = server.server.venue.state.seq;
      let n = 0;
      let backingUp = true;
      const steady = (async () => {
        while (backingUp) {
          await server.admin('POST', '/admin/v1/deposits', {
            user: 'bea',
            ticker: 'BTC',
            amount: '0.001',
            txid: `t${n++}`,
          });
        }
      })();
      const b = await txc(['backup', file, '--data-dir', dir], { timeoutMs: 30_000 }).finally(() => {
        backingUp = false;
      });
      await steady;
      assert.equal(b.code, 0, b.stderr);
      const report = JSON.parse(b.stdout) as { seq: number; bytes: number };
      assert.ok(report.bytes > 64 << 20, `a store of ${report.bytes} bytes`);
      assert.ok(n > 0, 'deposits committed while the backup ran');
      assert.ok(report.seq >= seqBefore && report.seq <= server.server.venue.state.seq);
    } finally {
      await server.stop();
    }
  });

  it('refuses a backup that cannot start a venue before it touches the store, and says why in one line', async () => {
    const { dir, backup: good, state } = await backedUp();
    // a journal entry damaged after the integrity check's reach (its text, not the pages)
    const damaged = join(tempDir(), 'damaged.sqlite');
    copyFileSync(good, damaged);
    const db = new Database(damaged);
    const { seq } = db.prepare('select max(seq) as seq from journal').get() as { seq: number };
    db.prepare('update journal set command = substr(command, 1, 20) where seq = ?').run(seq);
    db.close();
    const store = join(dir, SQLITE_FILE);
    const before = readFileSync(store);
    const outcomes = [
      [damaged, {}, `txc: journal entry ${seq} cannot be decoded`],
      // the data dir's master key is not the one that sealed the backup's API secrets
      [good, { TXC_MASTER_KEY: 'ab'.repeat(32) }, "txc: the store's secrets are sealed under master key"],
    ] as const;
    for (const [backup, env, said] of outcomes) {
      const r = await txc(['restore', backup, '--data-dir', dir], { env });
      assert.equal(r.code, 1, r.stderr);
      assert.ok(r.stderr.startsWith(said), r.stderr);
      assert.equal(r.stderr.split('\n').length, 2, `one line: ${r.stderr}`);
      assert.ok(readFileSync(store).equals(before), 'the store is untouched');
      assert.deepEqual(besides(store), [], 'nothing is left beside it');
    }
    assert.deepEqual(await servedState(dir), state);
  });

  it('puts nothing a restore stopped midway left under the restored store: its WAL, or one beside no store', async () => {
    const { dir, backup, state } = await backedUp();
    const store = join(dir, SQLITE_FILE);
    // a restore killed as it loaded its copy: the copy's WAL, holding a write the next copy must not take
    const source = join(tempDir(), 'interrupted.sqlite');
    copyFileSync(backup, source);
    const stale = new Database(source);
    stale.pragma('journal_mode = WAL');
    stale.pragma('wal_autocheckpoint = 0');
    stale.exec('create table stale (x); insert into stale values (1)');
    copyFileSync(`${source}-wal`, `${store}.restoring-wal`);
    stale.close();
    const r = await txc(['restore', backup, '--data-dir', dir]);
    assert.equal(r.code, 0, r.stderr);
    const restored = new Database(store, { readonly: true });
    try {
      const table = restored.prepare("select name from sqlite_master where name = 'stale'").get();
      assert.equal(table, undefined, 'the stale WAL was not replayed onto the copy');
    } finally {
      restored.close();
    }
    assert.deepEqual(
      besides(store).filter((name) => name.includes('.restoring')),
      [],
      'nothing of the restore is left',
    );
    // no store, but a WAL beside its name: it goes aside, not under the copy
    rmSync(store);
    writeFileSync(`${store}-wal`, 'a WAL of a store gone');
    const again = await txc(['restore', backup, '--data-dir', dir]);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(existsSync(`${store}-wal`), false);
    assert.deepEqual(await servedState(dir), state);
  });

  it('refuses to restore a running server’s store named from another data dir', async () => {
    const dir = tempDir();
    const server = await TestServer.start({ database: 'sqlite' }, dir);
    const backup = join(tempDir(), 'b.sqlite');
    try {
      assert.equal((await txc(['backup', backup, '--data-dir', dir])).code, 0);
      const store = join(dir, SQLITE_FILE);
      const r = await txc(['restore', backup, '--data-dir', tempDir(), '--database', `sqlite:${store}`]);
      assert.deepEqual([r.code, r.stderr], [1, `txc: the store ${store} is held by server process ${process.pid}\n`]);
      assert.deepEqual(
        besides(store).filter((name) => !name.endsWith('-wal') && !name.endsWith('-shm')),
        [basename(store) + STORE_LOCK_SUFFIX],
        'the running store stays where it is',
      );
    } finally {
      await server.stop();
    }
  });

  it('refuses what it cannot do, with a reason', async () => {
    const dir = tempDir();
    const junk = join(dir, 'junk.sqlite');
    writeFileSync(junk, 'not a database');
    const bad = await txc(['restore', junk, '--data-dir', dir]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /not a SQLite database|integrity|cannot be read/);
    const missing = await txc(['restore', join(dir, 'nope.sqlite'), '--data-dir', dir]);
    assert.match(missing.stderr, /does not exist/);
    const pg = await txc(['backup', join(dir, 'x'), '--data-dir', dir, '--database', 'postgres://127.0.0.1:1/x']);
    assert.equal(pg.code, 1);
    assert.match(pg.stderr, /pg_dump/);
    const empty = await txc(['backup', join(dir, 'y'), '--data-dir', tempDir()]);
    assert.match(empty.stderr, /no store at/);
  });
});
