import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startChildServer } from '../support/child-server.js';
import { natsSkipReason, TEST_NATS_URL } from '../support/nats.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { tempDirs } from '../support/temp-dirs.js';
import { txc } from '../support/txc-cli.js';

/** A PostgreSQL nothing listens for: a refused connection. */
const UNREACHABLE = 'postgres://postgres@127.0.0.1:1/txc';
const ENV = { TXC_MASTER_KEY: 'cd'.repeat(32), TXC_ADMIN_TOKEN: 'start-up-refusals-admin-token' };

describe('a cluster process that cannot start', async () => {
  const skip = await natsSkipReason();
  if (skip !== undefined) {
    it('runs against a real NATS server', { skip }, () => undefined);
    return;
  }
  const dir = tempDirs('txc-start-up-refusals-');

  it('a gateway or an engine node on an unreachable PostgreSQL says so in one line, and stops', async () => {
    const common = ['--cluster', TEST_NATS_URL, '--database', UNREACHABLE, '--port', '0'];
    for (const command of ['gateway', 'serve']) {
      const run = await txc([command, ...common, '--data-dir', dir()], { env: ENV, timeoutMs: 30_000 });
      assert.equal(run.code, 1, `txc ${command}: ${run.stderr}`);
      assert.match(run.stderr, /^txc: the PostgreSQL store cannot be opened: [^\n]*ECONNREFUSED[^\n]*\n$/, command);
    }
  });
});

describe('an engine node that would take what another holds', async () => {
  const skip = (await postgresSkipReason()) ?? (await natsSkipReason());
  if (skip !== undefined) {
    it('runs against real PostgreSQL and NATS servers', { skip }, () => undefined);
    return;
  }
  const dir = tempDirs('txc-start-up-refusals-');

  it('on a database a txc serve holds: refuses to start, and writes nothing there', async () => {
    const db = await createTestDatabase();
    const server = await startChildServer({ database: db.url, dataDir: dir(), masterKey: ENV.TXC_MASTER_KEY });
    try {
      const run = await txc(
        ['serve', '--cluster', TEST_NATS_URL, '--database', db.url, '--port', '0', '--data-dir', dir()],
        {
          env: ENV,
          timeoutMs: 30_000,
        },
      );
      assert.equal(run.code, 1, run.stderr);
      assert.match(
        run.stderr,
        /^txc: another txc venue holds this database \([^)]*pid \d+\): an engine node does not take a database from a running txc serve[^\n]*\n$/,
      );
      // the server goes on taking writes: no lease was made that would fence them
      const health = await fetch(`${server.url}/health`);
      assert.equal(health.status, 200, await health.text());
      assert.ok(!server.logs().includes('lease'), server.logs());
    } finally {
      await server.stop();
      await db.drop();
    }
  });

  it('named as one that runs: refuses to start, naming it; once that one is gone, the name is free again', async () => {
    const db = await createTestDatabase();
    const flags = { database: db.url, cluster: TEST_NATS_URL, nodeId: 'A', masterKey: ENV.TXC_MASTER_KEY };
    const a = await startChildServer({ ...flags, dataDir: dir(), adminToken: ENV.TXC_ADMIN_TOKEN });
    try {
      const args = ['serve', '--cluster', TEST_NATS_URL, '--database', db.url, '--node-id', 'A', '--port', '0'];
      const run = await txc([...args, '--data-dir', dir()], { env: ENV, timeoutMs: 30_000 });
      assert.equal(run.code, 1, run.stderr);
      assert.equal(
        run.stderr,
        `txc: another node of this cluster runs as A (${a.url}): give each node its own --node-id\n`,
      );
      // gateways share the names: one named as the engine node, or as another gateway, is refused alike
      const gateway = ['gateway', '--cluster', TEST_NATS_URL, '--database', db.url, '--port', '0'];
      const asA = await txc([...gateway, '--node-id', 'A', '--data-dir', dir()], { env: ENV, timeoutMs: 30_000 });
      assert.deepEqual(
        [asA.code, asA.stderr],
        [1, `txc: another node of this cluster runs as A (${a.url}): give each node its own --node-id\n`],
      );
      const g = await startChildServer({
        ...flags,
        nodeId: 'G',
        gateway: true,
        dataDir: dir(),
        adminToken: ENV.TXC_ADMIN_TOKEN,
      });
      try {
        const asG = await txc([...gateway, '--node-id', 'G', '--data-dir', dir()], { env: ENV, timeoutMs: 30_000 });
        assert.deepEqual(
          [asG.code, asG.stderr],
          [1, `txc: another node of this cluster runs as G (${g.url}): give each node its own --node-id\n`],
        );
      } finally {
        await g.crash();
      }
      await a.crash();
      // kill -9: nothing answers for it any more, and a node started in its place goes on
      const again = await startChildServer({ ...flags, dataDir: dir(), adminToken: ENV.TXC_ADMIN_TOKEN });
      await again.crash();
    } finally {
      await a.crash();
      await db.drop();
    }
  });
});
