import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { spawn } from 'node:child_process';
import { eventually } from '../support/eventually.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { tempDirs } from '../support/temp-dirs.js';
import { TXC_BIN, txc } from '../support/txc-cli.js';

/** A cluster's processes keep nothing in SQLite: refused, they must not leave a database behind. */
describe('a cluster process without --database', () => {
  const dir = tempDirs('txc-cluster-no-pg-');

  for (const command of [['gateway'], ['serve', '--node-id', 'A']]) {
    it(`txc ${command[0]} refuses, leaving no txc.sqlite`, async () => {
      const dataDir = dir();
      const env = {
        TXC_DATABASE_URL: undefined,
        TXC_MASTER_KEY: 'ab'.repeat(32),
        TXC_ADMIN_TOKEN: 'cluster-without-postgres-token',
      };
      const args = [...command, '--cluster', 'nats://127.0.0.1:1', '--port', '0', '--data-dir', dataDir];
      const { code, stderr } = await txc(args, { env });
      assert.equal(code, 1);
      assert.match(stderr, /postgres:\/\//);
      assert.equal(existsSync(join(dataDir, 'txc.sqlite')), false);
    });
  }
});

/** Stopped while it waits for NATS (as long as NATS takes), a node says so and leaves its data dir free. */
describe('a cluster process stopped before it has started', async () => {
  const dir = tempDirs('txc-stopped-starting-');
  const skip = await postgresSkipReason();

  it('SIGTERM while waiting for NATS: one line, exit 0, no lock left', { skip }, async () => {
    const db = await createTestDatabase();
    const dataDir = dir();
    try {
      const args = ['serve', '--cluster', 'nats://127.0.0.1:1', '--database', db.url, '--port', '0'];
      const child = spawn(process.execPath, [TXC_BIN, ...args, '--data-dir', dataDir, '--node-id', 'A'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, TXC_MASTER_KEY: 'cd'.repeat(32), TXC_ADMIN_TOKEN: 'stopped-while-starting-token' },
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      await eventually('waiting for NATS', () => output.includes('waiting for NATS'), 20_000);
      assert.ok(existsSync(join(dataDir, 'txc.lock')));
      child.kill('SIGTERM');
      assert.equal(await exited, 0, output);
      assert.match(output, /txc: stopped by SIGTERM before it had started\n/);
      assert.equal(existsSync(join(dataDir, 'txc.lock')), false, 'the data dir is free for the next start');
    } finally {
      await db.drop();
    }
  });
});
