import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, uptime } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  DamagedLockError,
  DataDirLock,
  DataDirLockedError,
  LOCK_FILE,
  readLock,
  STORE_LOCK_SUFFIX,
} from '../../src/process/data-dir-lock.js';

function withDataDir(test: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'txc-lock-'));
  try {
    test(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the data dir lock', () => {
  it('is taken over from an earlier process that had this pid (a container’s pid 1 after a hard stop)', () => {
    withDataDir((dir) => {
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, holder: 'server', url: 'http://x' }));
      assert.equal(readLock(dir), undefined);
      const lock = DataDirLock.acquire(dir, 'server');
      const held = readLock(dir);
      assert.deepEqual([held?.pid, held?.holder], [process.pid, 'server']);
      lock.release();
    });
  });

  it('held by this process, is refused to a second taker, and released once only', () => {
    withDataDir((dir) => {
      const lock = DataDirLock.acquire(dir, 'server');
      assert.throws(() => DataDirLock.acquire(dir, 'cli'), DataDirLockedError);
      lock.release();
      const next = DataDirLock.acquire(dir, 'cli');
      // the first holder's second release leaves the next holder's lock alone
      lock.release();
      assert.equal((JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { holder: string }).holder, 'cli');
      next.release();
      assert.equal(readLock(dir), undefined);
    });
  });

  it('emptied or damaged by hand, is refused rather than taken for one whose holder has ended', () => {
    withDataDir((dir) => {
      writeFileSync(join(dir, LOCK_FILE), '');
      assert.throws(() => DataDirLock.acquire(dir, 'server'), DamagedLockError);
      writeFileSync(join(dir, LOCK_FILE), '{"holder":"server"}');
      assert.throws(
        () => DataDirLock.acquire(dir, 'server'),
        /cannot be read: if no txc process uses it, remove the file/,
      );
      writeFileSync(join(dir, LOCK_FILE), 'null');
      assert.throws(() => DataDirLock.acquire(dir, 'server'), DamagedLockError);
    });
  });

  it('emptied before the machine last booted (a power loss as it was written), is taken over', () => {
    withDataDir((dir) => {
      writeFileSync(join(dir, LOCK_FILE), '');
      const beforeBoot = new Date(Date.now() - uptime() * 1000 - 60_000);
      utimesSync(join(dir, LOCK_FILE), beforeBoot, beforeBoot);
      const lock = DataDirLock.acquire(dir, 'server');
      assert.equal(readLock(dir)?.pid, process.pid);
      lock.release();
    });
  });

  it('of a SQLite store outside the data dir: a venue naming the same file from another data dir is refused', () => {
    withDataDir((dir) => {
      const store = join(dir, 'elsewhere', 'venue.sqlite');
      mkdirSync(join(dir, 'elsewhere'));
      mkdirSync(join(dir, 'a'));
      mkdirSync(join(dir, 'b'));
      const lock = DataDirLock.acquire(join(dir, 'a'), 'server', store);
      assert.throws(
        () => DataDirLock.acquire(join(dir, 'b'), 'cli', store),
        (e: unknown) =>
          e instanceof DataDirLockedError &&
          e.message === `the store ${store} is held by server process ${process.pid}`,
      );
      // refused at the store, the second data dir's own lock is not kept
      assert.equal(existsSync(join(dir, 'b', LOCK_FILE)), false);
      // the same file through a symbolic link: the same lock
      writeFileSync(store, '');
      symlinkSync(store, join(dir, 'linked.sqlite'));
      assert.throws(() => DataDirLock.acquire(join(dir, 'b'), 'cli', join(dir, 'linked.sqlite')), DataDirLockedError);
      lock.announce('http://127.0.0.1:1');
      assert.equal(readLock(join(dir, 'a'))?.url, 'http://127.0.0.1:1');
      lock.release();
      assert.equal(existsSync(store + STORE_LOCK_SUFFIX), false);
      DataDirLock.acquire(join(dir, 'b'), 'cli', store).release();
    });
  });

  it('released, leaves alone a lock another process has taken since (this one taken for ended)', () => {
    withDataDir((dir) => {
      const lock = DataDirLock.acquire(dir, 'server');
      const other = JSON.stringify({ pid: process.pid + 1, holder: 'server' });
      writeFileSync(join(dir, LOCK_FILE), other);
      lock.release();
      assert.equal(readFileSync(join(dir, LOCK_FILE), 'utf8'), other);
    });
  });
});
