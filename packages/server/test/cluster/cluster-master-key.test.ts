import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { SecretBox } from '../../src/secrets/secret-box.js';
import { natsSkipReason, TEST_NATS_URL } from '../support/nats.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { tempDirs } from '../support/temp-dirs.js';
import { TXC_BIN } from '../support/txc-cli.js';

/** How a start of `txc serve --cluster` ended: the node stands by or leads, or the process exited. */
type Outcome =
  | { readonly up: true; readonly child: ChildProcess }
  | { readonly up: false; readonly code: number | null; readonly stderr: string };

const running: ChildProcess[] = [];
after(() => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts engine node `id` with the real `txc` command, on `database`, and waits for how its start ends. */
function engineNode(id: string, dataDir: string, database: string, env: NodeJS.ProcessEnv = {}): Promise<Outcome> {
  const args = ['serve', '--cluster', TEST_NATS_URL, '--database', database, '--data-dir', dataDir];
  const child = spawn(process.execPath, [TXC_BIN, ...args, '--node-id', id, '--port', '0', '--log-level', 'info'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  running.push(child);
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`engine node ${id} neither started nor stopped\n${stdout}`)),
      60_000,
    );
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (/standing by, following the journal|this node leads the cluster/.test(stdout)) {
        clearTimeout(timer);
        resolve({ up: true, child });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ up: false, code, stderr });
    });
  });
}

describe("a cluster's master key", async () => {
  const skip = (await postgresSkipReason()) ?? (await natsSkipReason());
  if (skip !== undefined) {
    it('runs against real PostgreSQL and NATS servers', { skip }, () => undefined);
    return;
  }
  const dir = tempDirs('txc-cluster-master-key-');

  it('two engine nodes started together without one on a new cluster: the store keeps the first, the other is refused', async () => {
    const db = await createTestDatabase();
    try {
      const dirs = [dir(), dir()];
      const outcomes = await Promise.all([engineNode('A', dirs[0]!, db.url), engineNode('B', dirs[1]!, db.url)]);
      const refused = outcomes.flatMap((o, i) => (o.up ? [] : [{ ...o, i }]));
      assert.equal(refused.length, 1, `one node starts, the other is refused: ${JSON.stringify(refused)}`);
      const loser = refused[0]!;
      const winner = 1 - loser.i;
      const key = readFileSync(join(dirs[winner]!, 'master-key'), 'utf8').trim();
      const keyId = SecretBox.fromKey(Buffer.from(key, 'hex')).keyId;

      assert.equal(loser.code, 1);
      // one line, naming the setting and the key the cluster seals under
      assert.match(loser.stderr, /^txc: [^\n]+\n$/);
      assert.match(loser.stderr, /\bTXC_MASTER_KEY\b/);
      assert.match(loser.stderr, new RegExp(`master key ${keyId}\\b`));
      assert.equal(existsSync(join(dirs[loser.i]!, 'master-key')), false, 'the refused node keeps no key of its own');
      const reader = new pg.Client(db.url);
      await reader.connect();
      try {
        const { rows } = await reader.query<{ value: string }>(
          `select value from meta where key = 'secrets.master-key-id'`,
        );
        assert.deepEqual(
          rows.map((r) => r.value),
          [keyId],
        );
      } finally {
        await reader.end();
      }

      // given the cluster's key, it joins (and the admin token the store recorded with it)
      const token = readFileSync(join(dirs[winner]!, 'admin-token'), 'utf8').trim();
      const again = await engineNode(['A', 'B'][loser.i]!, dirs[loser.i]!, db.url, {
        TXC_MASTER_KEY: key,
        TXC_ADMIN_TOKEN: token,
      });
      assert.ok(again.up, JSON.stringify(again));

      // a process joining with another key is sent to the cluster's key, not to dropping what it sealed
      const stranger = await engineNode('C', dir(), db.url, {
        TXC_MASTER_KEY: 'ab'.repeat(32),
        TXC_ADMIN_TOKEN: token,
      });
      assert.ok(!stranger.up, 'a node with another key stands by');
      assert.match(stranger.stderr, /give this one the key its engine nodes run with\n$/);
      assert.doesNotMatch(stranger.stderr, /master-key forget/);
    } finally {
      for (const child of running) child.kill('SIGKILL');
      await db.drop();
    }
  });
});
