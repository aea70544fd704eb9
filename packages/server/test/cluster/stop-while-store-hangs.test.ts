import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { eventually } from '../support/eventually.js';
import { natsSkipReason, TEST_NATS_URL } from '../support/nats.js';
import { freePort } from '../support/ports.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { SeverableLink } from '../support/severable-link.js';
import { tempDirs } from '../support/temp-dirs.js';
import { TXC_BIN } from '../support/txc-cli.js';

/** Short, so that the test waits it out: the default is a minute. */
const STOP_WAIT_MS = 3_000;

interface Started {
  readonly child: ChildProcess;
  readonly url: string;
  readonly exited: Promise<number | null>;
  output(): string;
}

/** `txc <command>` on a port of its own, once its /health answers 200. */
async function started(args: readonly string[], env: NodeJS.ProcessEnv): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, [TXC_BIN, ...args, '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const url = `http://127.0.0.1:${port}`;
  const ready = async (): Promise<boolean> => (await fetch(`${url}/health`).catch(() => undefined))?.status === 200;
  await eventually(`${args[0]} ready:\n${out}`, ready, 60_000);
  return { child, url, exited, output: () => out };
}

describe('cluster processes while PostgreSQL hangs', async () => {
  const skip = (await postgresSkipReason()) ?? (await natsSkipReason());
  const dir = tempDirs('txc-stop-hung-');

  it('exit after lease.stopWaitMs, saying why, rather than waiting for PostgreSQL to answer', { skip }, async () => {
    const db = await createTestDatabase();
    const link = await SeverableLink.open(db.url);
    const settings = join(dir(), 'txc.json');
    writeFileSync(settings, JSON.stringify({ lease: { ttlMs: 2_000, stopWaitMs: STOP_WAIT_MS } }));
    const env = { TXC_MASTER_KEY: 'ef'.repeat(32), TXC_ADMIN_TOKEN: 'stop-while-store-hangs-token' };
    const common = ['--cluster', TEST_NATS_URL, '--database', link.through(db.url), '--config', settings];
    const processes: Started[] = [];
    try {
      processes.push(
        await started(['serve', ...common, '--venue', DEMO_VENUE_FILE, '--node-id', 'A', '--data-dir', dir()], env),
      );
      processes.push(await started(['gateway', ...common, '--node-id', 'G1', '--data-dir', dir()], env));
      // connections left open, nothing answered: a PostgreSQL that hangs, or a partition TCP has not noticed
      link.stall();
      const stoppedAt = performance.now();
      for (const p of processes) p.child.kill('SIGTERM');
      const codes = await Promise.all(processes.map((p) => p.exited));
      const took = performance.now() - stoppedAt;
      assert.ok(took < STOP_WAIT_MS + 4_000, `stopped in ${took} ms`);
      for (const [i, p] of processes.entries()) {
        assert.equal(codes[i], 1, p.output());
        assert.match(
          p.output(),
          /txc: stopped by SIGTERM without finishing its stop within 3000 ms \(lease\.stopWaitMs\)/,
        );
      }
    } finally {
      for (const p of processes) p.child.kill('SIGKILL');
      await link.close();
      await db.drop();
    }
  });

  it(
    'a leader that steps down stands by at once, its port answering, while the venue it led waits to close',
    { skip },
    async () => {
      const db = await createTestDatabase();
      const link = await SeverableLink.open(db.url);
      const settings = join(dir(), 'txc.json');
      writeFileSync(settings, JSON.stringify({ lease: { ttlMs: 1_000 } }));
      const env = { TXC_MASTER_KEY: 'ef'.repeat(32), TXC_ADMIN_TOKEN: 'step-down-while-store-hangs-token' };
      const args = ['serve', '--cluster', TEST_NATS_URL, '--database', link.through(db.url), '--config', settings];
      // the demo's market runs: jobs have commands waiting on the store when it hangs
      const leader = await started([...args, '--demo', '--node-id', 'A', '--data-dir', dir()], env);
      const role = async (): Promise<string | undefined> => {
        const answer = await fetch(`${leader.url}/health`, { signal: AbortSignal.timeout(2_000) }).catch(
          () => undefined,
        );
        return ((await answer?.json()) as { cluster?: { role: string } } | undefined)?.cluster?.role;
      };
      const live = async (): Promise<number | undefined> =>
        (await fetch(`${leader.url}/health/live`, { signal: AbortSignal.timeout(1_000) }).catch(() => undefined))
          ?.status;
      try {
        await eventually('it leads', async () => (await role()) === 'leader', 15_000);
        link.stall();
        await eventually('the leader steps down', () => /no longer leads/.test(leader.output()), 10_000);
        // the standby's own server (listening as soon as the venue lets the port go), not the one of the venue it led
        await eventually(
          'it listens as a standby',
          () => {
            const output = leader.output();
            return /Server listening/.test(output.slice(output.search(/no longer leads/)));
          },
          5_000,
        );
        assert.equal(await live(), 200);
        const health = await fetch(`${leader.url}/health`, { signal: AbortSignal.timeout(2_000) });
        assert.equal(health.status, 503, 'a standby that cannot read the store is not ready');
        assert.equal(((await health.json()) as { cluster: { role: string } }).cluster.role, 'standby');
        link.flow();
        await eventually('it leads again once PostgreSQL answers', async () => (await role()) === 'leader', 30_000);
      } finally {
        leader.child.kill('SIGKILL');
        await link.close();
        await db.drop();
      }
    },
  );
});
