import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDirs } from '../support/temp-dirs.js';
import { TestServer } from '../support/test-server.js';
import { txc, txcServe } from '../support/txc-cli.js';

/**
 * A lock left by a server that lost power names a pid that, after the reboot, may belong to any
 * process: a live pid alone must not hold the data dir for ever.
 */
describe('the data-dir lock of a process that has ended', { skip: process.platform === 'win32' }, () => {
  const dataDir = tempDirs('txc-lock-');

  /** A live process that is no txc: what a reused pid belongs to. */
  async function unrelatedProcess<T>(work: (pid: number) => Promise<T>): Promise<T> {
    const sleeper = spawn('sleep', ['600'], { stdio: 'ignore' });
    await new Promise((resolve) => sleeper.once('spawn', resolve));
    try {
      return await work(sleeper.pid!);
    } finally {
      sleeper.kill('SIGKILL');
    }
  }

  async function venue(): Promise<string> {
    const dir = dataDir();
    await (await TestServer.start({}, dir)).stop({ keepData: true });
    return dir;
  }

  it('is taken over when it was written before the machine last booted', async () => {
    const dir = await venue();
    const lock = join(dir, 'txc.lock');
    await unrelatedProcess(async (pid) => {
      // a server's lock: the CLI would go to its URL, where nothing answers
      const stale = { pid, holder: 'server', url: 'http://127.0.0.1:65001', started: 'linux:another-boot:4242' };
      writeFileSync(lock, JSON.stringify(stale));
      const created = await txc(['user', 'create', 'uma', '--data-dir', dir]);
      assert.equal(created.code, 0, created.stderr);
      assert.equal(existsSync(lock), false, 'the CLI released the lock it took over');

      writeFileSync(lock, JSON.stringify(stale));
      const { child, url } = await txcServe(['--data-dir', dir]);
      try {
        const shown = await txc(['user', 'show', 'uma', '--data-dir', dir]);
        assert.equal(shown.code, 0, shown.stderr);
        // the lock is the server's now: a second server is refused, naming it
        const second = await txc(['serve', '--port', '0', '--data-dir', dir]);
        assert.deepEqual(
          [second.code, second.stderr],
          [1, `txc: the data dir is held by server process ${child.pid}\n`],
        );
        assert.match(url, /^http:\/\/127\.0\.0\.1:/);
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    });
  });

  it(
    'holds when it was written in this boot, whatever process has its pid now',
    { skip: process.platform !== 'linux' },
    async () => {
      // a holder in another PID namespace (a container, the data dir shared with its host) shows here
      // as another process under its pid: only a reboot proves the holder gone
      const dir = await venue();
      const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      await unrelatedProcess(async (pid) => {
        writeFileSync(join(dir, 'txc.lock'), JSON.stringify({ pid, holder: 'cli', started: `linux:${boot}:1` }));
        const r = await txc(['user', 'create', 'uma', '--data-dir', dir]);
        assert.deepEqual([r.code, r.stderr], [1, `txc: the data dir is held by cli process ${pid}\n`]);
      });
    },
  );

  it('is still refused when it records no start time (an older txc) and its pid lives', async () => {
    const dir = await venue();
    await unrelatedProcess(async (pid) => {
      writeFileSync(join(dir, 'txc.lock'), JSON.stringify({ pid, holder: 'cli' }));
      const r = await txc(['user', 'create', 'uma', '--data-dir', dir]);
      assert.deepEqual([r.code, r.stderr], [1, `txc: the data dir is held by cli process ${pid}\n`]);
    });
  });
});
