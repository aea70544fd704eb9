import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DataDirLock, DataDirLockedError, LOCK_FILE, readLock } from '../../src/process/data-dir-lock.js';

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
});
