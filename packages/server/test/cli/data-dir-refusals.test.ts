import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { LOCK_FILE } from '../../src/process/data-dir-lock.js';
import { SQLITE_FILE } from '../../src/store/store-location.js';
import { tempDirs } from '../support/temp-dirs.js';
import { TestServer } from '../support/test-server.js';
import { txc } from '../support/txc-cli.js';

/** A data dir the file system refuses stops txc with one line naming the path and why, no stack trace. */
describe('a data dir txc cannot make or use', () => {
  const dir = tempDirs('txc-data-dir-refusal-');

  it('a file where the data dir should be, or in its path', async () => {
    const file = join(dir(), 'venue.json');
    writeFileSync(file, '{}');
    for (const [dataDir, reason] of [
      [file, 'a file is in the way (EEXIST)'],
      [join(file, 'data'), 'a part of the path is a file, not a directory (ENOTDIR)'],
    ] as const) {
      const r = await txc(['serve', '--port', '0', '--data-dir', dataDir], { timeoutMs: 20_000 });
      assert.deepEqual([r.code, r.stderr], [1, `txc: cannot mkdir ${dataDir}: ${reason}\n`]);
    }
  });

  it('a lock file it cannot open, for the server and for a command alike', async () => {
    const dataDir = dir();
    await (await TestServer.start({ database: 'sqlite' }, dataDir)).stop({ keepData: true });
    const lock = join(dataDir, LOCK_FILE);
    rmSync(lock, { force: true });
    mkdirSync(lock);
    for (const args of [
      ['serve', '--port', '0'],
      ['user', 'create', 'ada'],
    ]) {
      const r = await txc([...args, '--data-dir', dataDir], { timeoutMs: 20_000 });
      assert.equal(r.code, 1, args.join(' '));
      // a lock it finds is read, or removed when the server that held it is gone
      assert.match(
        r.stderr,
        new RegExp(`^txc: cannot (open|read|rm) ${lock}: it is a directory \\(EISDIR\\)\n$`),
        args.join(' '),
      );
    }
  });

  it('a SQLite store it cannot open: a directory in its place, or a file that is not a database', async () => {
    const dirInPlace = dir();
    mkdirSync(join(dirInPlace, SQLITE_FILE));
    const notADatabase = dir();
    writeFileSync(join(notADatabase, SQLITE_FILE), 'not a database, '.repeat(64));
    for (const [dataDir, reason] of [
      [dirInPlace, 'unable to open database file'],
      [notADatabase, 'file is not a database'],
    ] as const) {
      for (const args of [['serve', '--port', '0'], ['replay']]) {
        const r = await txc([...args, '--data-dir', dataDir], { timeoutMs: 20_000 });
        const store = join(dataDir, SQLITE_FILE);
        assert.deepEqual(
          [r.code, r.stderr],
          [1, `txc: the SQLite store cannot be opened: ${store}: ${reason}\n`],
          args.join(' '),
        );
      }
    }
  });
});
