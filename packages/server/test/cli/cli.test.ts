import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { TestServer } from '../support/test-server.js';
import { npmStart, txc, txcServe } from '../support/txc-cli.js';
import { tempDirs } from '../support/temp-dirs.js';

describe('the txc command', () => {
  const dataDir = tempDirs('txc-cli-');

  it('works on a data dir with no server running (opening the store itself)', async () => {
    const dir = dataDir();
    const server = await TestServer.start({}, dir);
    await server.stop({ keepData: true });

    const created = await txc(['user', 'create', 'quinn', '--eea', '--data-dir', dir]);
    assert.equal(created.code, 0, created.stderr);
    assert.deepEqual(JSON.parse(created.stdout), { name: 'quinn', eea: true });
    const dup = await txc(['user', 'create', 'quinn', '--data-dir', dir]);
    assert.equal(dup.code, 1);
    assert.match(dup.stderr, /already exists/);

    const dep = await txc(['deposit', 'quinn', 'BTC', '0.25', '--txid', 'abc', '--network', 'BTC', '--data-dir', dir]);
    assert.equal(dep.code, 0, dep.stderr);
    const key = await txc([
      'key',
      'create',
      'quinn',
      '--permissions',
      'main-account,trading',
      '--json',
      '--data-dir',
      dir,
    ]);
    assert.equal(key.code, 0, key.stderr);
    const { apiKey, apiSecret, permissions } = JSON.parse(key.stdout) as {
      apiKey: string;
      apiSecret: string;
      permissions: string[];
    };
    assert.deepEqual(permissions, ['main-account', 'trading']);

    const shown = await txc(['user', 'show', 'quinn', '--data-dir', dir]);
    assert.deepEqual((JSON.parse(shown.stdout) as { balances: { main: unknown } }).balances.main, { BTC: '0.25' });

    const again = await TestServer.start({}, dir);
    try {
      assert.deepEqual(await again.client(apiKey, apiSecret).mainBalance('BTC'), { main_balance: '0.25' });
    } finally {
      await again.stop({ keepData: true });
    }
    assert.equal(existsSync(join(dir, 'txc.lock')), false);
  });

  it('master-key rotate: the data dir then opens under the new key only', async () => {
    const dir = dataDir();
    await (await TestServer.start({}, dir)).stop({ keepData: true });
    const created = await txc(['user', 'create', 'sven', '--data-dir', dir]);
    assert.equal(created.code, 0, created.stderr);
    const key = await txc(['key', 'create', 'sven', '--json', '--data-dir', dir]);
    const { apiKey, apiSecret } = JSON.parse(key.stdout) as { apiKey: string; apiSecret: string };
    const newFile = join(dataDir(), 'new-master-key');
    writeFileSync(newFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });

    const rotated = await txc(['master-key', 'rotate', '--to', newFile, '--data-dir', dir]);
    assert.equal(rotated.code, 0, rotated.stderr);
    assert.equal((JSON.parse(rotated.stdout) as { apiKeys: number }).apiKeys, 1);
    // the data dir's own key file is the old key: the store no longer opens under it
    const stale = await txc(['user', 'show', 'sven', '--data-dir', dir]);
    assert.equal(stale.code, 1);
    assert.match(stale.stderr, /sealed under master key [0-9a-f]{16}, but the configured master key is/);
    const server = await TestServer.start({ masterKeyFile: newFile }, dir);
    try {
      assert.deepEqual(await server.client(apiKey, apiSecret).mainBalance('BTC'), { main_balance: '0' });
    } finally {
      await server.stop({ keepData: true });
    }
  });

  it('a master key that cannot be read stops a command working on the store at once', async () => {
    const dir = dataDir();
    await (await TestServer.start({}, dir)).stop({ keepData: true });
    const missing = await txc(['user', 'show', 'nobody', '--data-dir', dir, '--master-key-file', join(dir, 'none')], {
      timeoutMs: 20_000,
    });
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^txc: cannot read the master key file /);
    assert.equal(existsSync(join(dir, 'txc.lock')), false);
  });

  it('goes through the admin API while a server holds the data dir', async () => {
    const dir = dataDir();
    const server = await TestServer.start({}, dir);
    try {
      const created = await txc(['user', 'create', 'rita', '--data-dir', dir]);
      assert.equal(created.code, 0, created.stderr);
      assert.equal((await server.admin('GET', '/admin/v1/users/rita')).status, 200);
      const dep = await txc(['deposit', 'rita', 'USDT', '12.5', '--data-dir', dir]);
      assert.equal(dep.code, 0, dep.stderr);
      const key = await txc(['key', 'create', 'rita', '--json', '--data-dir', dir]);
      const { apiKey, apiSecret } = JSON.parse(key.stdout) as { apiKey: string; apiSecret: string };
      assert.deepEqual(await server.client(apiKey, apiSecret).mainBalance('USDT'), { main_balance: '12.5' });
      const revoked = await txc(['key', 'revoke', apiKey, '--data-dir', dir]);
      assert.deepEqual(JSON.parse(revoked.stdout), { revoked: true });
      // a refusal reads as it does without a server: the operator's message, no stack trace
      const missing = await txc(['user', 'show', 'nobody', '--data-dir', dir]);
      assert.deepEqual([missing.code, missing.stderr], [1, 'txc: User nobody not found.\n']);
    } finally {
      await server.stop({ keepData: true });
    }
  });

  it("a server given its admin token by flag: the data dir's stale token is refused, and the message says why", async () => {
    const dir = dataDir();
    const server = await TestServer.start({ adminToken: 'a'.repeat(40) }, dir);
    try {
      writeFileSync(join(dir, 'admin-token'), `${'b'.repeat(40)}\n`);
      const refused = await txc(['user', 'show', 'demo', '--data-dir', dir]);
      assert.deepEqual(
        [refused.code, refused.stderr],
        [
          1,
          `txc: the server at ${server.url} refused the admin token (admin-token in ${dir}): a server started ` +
            'with --admin-token or TXC_ADMIN_TOKEN takes that token only; give the CLI the same\n',
        ],
      );
    } finally {
      await server.stop({ keepData: true });
    }
  });

  it('serve: one server per data dir, graceful stop on a repeated SIGINT with a snapshot, restart keeps everything', async () => {
    const dir = dataDir();
    const { child, url } = await txcServe(['--demo', '--data-dir', dir, '--log-level', 'info']);
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(await (await fetch(`${url}/api/v4/public/ping`)).json(), ['pong']);

    const second = await txc(['serve', '--port', '0', '--data-dir', dir]);
    assert.equal(second.code, 1);
    assert.match(second.stderr, /held by server process/);
    const port = new URL(url).port;
    const taken = await txc(['serve', '--port', port, '--data-dir', dataDir()]);
    assert.deepEqual(
      [taken.code, taken.stderr],
      [
        1,
        `txc: cannot listen on 127.0.0.1:${port}: the port is in use (another txc, or another program): choose another with --port\n`,
      ],
    );

    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // a Ctrl-C under npm start reaches the server twice: the second signal must not cut the stop short
    child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 5)); // apart: two pending signals would be one
    child.kill('SIGINT');
    assert.equal(await exited, 0);
    assert.equal(existsSync(join(dir, 'txc.lock')), false);

    const store = openSqliteStore(join(dir, 'txc.sqlite'));
    const snapshot = await store.latestSnapshot();
    const lastSeq = await store.lastSeq();
    await store.close();
    assert.equal(snapshot?.seq, lastSeq);

    const replay = await txc(['replay', '--verify', '--data-dir', dir]);
    assert.equal(replay.code, 0, replay.stderr);
    const report = JSON.parse(replay.stdout) as { seq: number; verified: boolean; hash: string };
    assert.equal(report.seq, lastSeq);
    assert.equal(report.verified, true);
    assert.match(report.hash, /^[0-9a-f]{64}$/);
  });

  it('npm start: a SIGTERM to npm (as a supervisor sends it) stops the server gracefully', async () => {
    const dir = dataDir();
    const { child, url } = await npmStart(['--data-dir', dir, '--log-level', 'info']);
    assert.deepEqual(await (await fetch(`${url}/api/v4/public/ping`)).json(), ['pong']);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    await exited;
    // the server itself stopped, not only npm: its lock is gone and its port closed
    const until = Date.now() + 10_000;
    while (existsSync(join(dir, 'txc.lock')) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    assert.equal(existsSync(join(dir, 'txc.lock')), false);
    await assert.rejects(fetch(`${url}/api/v4/public/ping`));
  });
});
