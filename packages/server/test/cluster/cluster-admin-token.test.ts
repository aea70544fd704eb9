import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { natsSkipReason, TEST_NATS_URL } from '../support/nats.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { tempDirs } from '../support/temp-dirs.js';
import { TXC_BIN } from '../support/txc-cli.js';

/** How a start of the real `txc` ended: it came up (its log said `ready`), or the process exited. */
type Outcome =
  | { readonly up: true; readonly child: ChildProcess; readonly url: string }
  | { readonly up: false; readonly code: number | null; readonly stderr: string };

const running: ChildProcess[] = [];
after(() => {
  for (const child of running) child.kill('SIGKILL');
});

const MASTER_KEY = 'ab'.repeat(32);
const TOKEN = 'the-cluster-admin-token-0123456789';

/** Runs `txc <args>` with `env` (a variable set to undefined: left out) until its log matches `ready` or it exits. */
function start(args: readonly string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<Outcome> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  const child = spawn(process.execPath, [TXC_BIN, ...args, '--port', '0', '--log-level', 'info'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childEnv,
  });
  running.push(child);
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`txc ${args[0]} neither started nor stopped\n${stdout}`)), 60_000);
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const line = stdout.split('\n').find((l) => ready.test(l));
      if (line === undefined) return;
      clearTimeout(timer);
      const url = /"url":"([^"]+)"/.exec(stdout)?.[1] ?? '';
      resolve({ up: true, child, url });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ up: false, code, stderr });
    });
  });
}

/** A refusal at start-up: exit code 1 and one line on stderr naming the setting. */
function assertRefused(outcome: Outcome, what: string): void {
  assert.equal(outcome.up, false, `${what} is refused`);
  if (outcome.up) return;
  assert.equal(outcome.code, 1);
  assert.match(outcome.stderr, /^txc: [^\n]+\n$/);
  assert.match(outcome.stderr, /\bTXC_ADMIN_TOKEN\b/);
}

describe("a cluster's admin token", async () => {
  const skip = (await postgresSkipReason()) ?? (await natsSkipReason());
  if (skip !== undefined) {
    it('runs against real PostgreSQL and NATS servers', { skip }, () => undefined);
    return;
  }
  const dir = tempDirs('txc-cluster-admin-token-');

  it('the store keeps a digest of the first node’s token; a node or gateway given another one, or none, stops at start-up', async () => {
    const db = await createTestDatabase();
    const reader = new pg.Client(db.url);
    await reader.connect();
    const recorded = async (): Promise<string | undefined> =>
      (await reader.query<{ value: string }>(`select value from meta where key = 'cluster.admin-token-digest'`)).rows[0]
        ?.value;
    try {
      const node = (id: string, dataDir: string, token: string | undefined): Promise<Outcome> =>
        start(
          ['serve', '--cluster', TEST_NATS_URL, '--database', db.url, '--data-dir', dataDir, '--node-id', id],
          { TXC_MASTER_KEY: MASTER_KEY, TXC_ADMIN_TOKEN: token },
          /standing by, following the journal|this node leads the cluster/,
        );
      const gateway = (id: string, dataDir: string, token: string | undefined): Promise<Outcome> =>
        start(
          ['gateway', '--cluster', TEST_NATS_URL, '--database', db.url, '--data-dir', dataDir, '--node-id', id],
          { TXC_MASTER_KEY: MASTER_KEY, TXC_ADMIN_TOKEN: token },
          /txc gateway is serving/,
        );
      const a = await node('A', dir(), TOKEN);
      assert.ok(a.up, JSON.stringify(a));
      const digest = await recorded();
      assert.ok(digest !== undefined, 'the first node records its token');
      assert.ok(!digest.includes(TOKEN), 'as a digest, never the token');

      assertRefused(await node('B', dir(), 'another-admin-token-0123456789'), 'a node with another token');
      const bare = dir();
      assertRefused(await node('B', bare, undefined), 'a node without one');
      assert.equal(existsSync(join(bare, 'admin-token')), false, 'the token it made is removed');
      const bareGateway = dir();
      assertRefused(await gateway('G1', bareGateway, undefined), 'a gateway without one');
      assert.equal(existsSync(join(bareGateway, 'admin-token')), false, 'the token it made is removed');
      assertRefused(await gateway('G1', dir(), 'another-admin-token-0123456789'), 'a gateway with another token');
      assert.equal(await recorded(), digest, 'what the first node recorded stands');

      const b = await node('B', dir(), TOKEN);
      assert.ok(b.up, JSON.stringify(b));
      const g = await gateway('G1', dir(), TOKEN);
      assert.ok(g.up, JSON.stringify(g));

      // a store that records none while a leader holds the lease (one of a version before): the nodes
      // starting beside it cannot write it, and the next one to lead records its own
      const { rows } = await reader.query<{ epoch: string }>('select epoch from cluster_lease');
      await reader.query('begin');
      await reader.query(`select set_config('txc.lease_epoch', $1, true)`, [rows[0]!.epoch]);
      await reader.query(`delete from meta where key = 'cluster.admin-token-digest'`);
      await reader.query('commit');
      a.child.kill('SIGKILL');
      const deadline = performance.now() + 30_000;
      while ((await recorded()) === undefined && performance.now() < deadline) await sleep(100);
      assert.equal(await recorded(), digest, 'the new leader records the token it was given');
    } finally {
      for (const child of running) child.kill('SIGKILL');
      await reader.end();
      await db.drop();
    }
  });
});
