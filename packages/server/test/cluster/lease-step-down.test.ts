import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { engineNodeFlags, leading, TEST_LEASE } from '../durability/venue-processes.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { eventually } from '../support/eventually.js';
import { longestUnanswered, PORT_HANDOVER_MS } from '../support/liveness-probe.js';
import { natsSkipReason, TEST_NATS_URL } from '../support/nats.js';
import { PostgresRelay } from '../support/postgres-relay.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { SeverableLink } from '../support/severable-link.js';

const SHARED = { masterKey: 'ef'.repeat(32), adminToken: 'lease-step-down-test-admin-token' };

/** What a test started: stopped and removed after it, whatever happened. */
const cleanUp: (() => Promise<unknown> | void)[] = [];
after(async () => {
  for (const step of cleanUp.reverse()) await Promise.resolve(step()).catch(() => undefined);
});

/** Whether `node` holds a live lease, by the database's clock. */
async function heldByNode(reader: pg.Client, node: string): Promise<boolean> {
  const { rows } = await reader.query<{ held: boolean }>(
    `select holder = $1 and expires_at > clock_timestamp() as held from cluster_lease where id = 1`,
    [node],
  );
  return rows[0]?.held === true;
}

describe('a leader that steps down', async () => {
  const skip = (await postgresSkipReason()) ?? (await natsSkipReason());
  if (skip !== undefined) {
    it('runs against real PostgreSQL and NATS servers', { skip }, () => undefined);
    return;
  }

  it('gives its lease up for good: a renew still in flight cannot take it back', async () => {
    const db = await createTestDatabase();
    cleanUp.push(() => db.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'txc-step-down-'));
    cleanUp.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const [relay, link] = await Promise.all([PostgresRelay.open(db.url), SeverableLink.open(TEST_NATS_URL)]);
    cleanUp.push(
      () => relay.close(),
      () => link.close(),
    );
    const reader = new pg.Client(db.url);
    await reader.connect();
    cleanUp.push(() => reader.end());
    const heldByA = (): Promise<boolean> => heldByNode(reader, 'A');

    // a long lease: it cannot lapse by itself while the test holds a renew, only be given up
    const lease = { ...TEST_LEASE, ttlMs: 12_000, natsLossMs: 1_000 };
    const flags = engineNodeFlags({ dataDir, database: relay.url, venue: DEMO_VENUE_FILE }, 'A', SHARED);
    const a: ChildServer = await startChildServer({ ...flags, cluster: link.url, lease });
    cleanUp.push(() => a.crash());
    await leading(a);

    // a renew on its way to the database when the leader loses NATS, and arriving only after it stepped down
    const renew = relay.hold('update cluster_lease set expires_at');
    await renew.reached;
    link.cut();
    await eventually('the step-down', () => a.logs().includes('this node no longer leads'), 20_000);
    // it gives the lease up now, unless it waits for the renew to come back first
    const deadline = performance.now() + 3_000;
    while ((await heldByA()) && performance.now() < deadline) await sleep(50);
    renew.letGo();

    await eventually('the lease given up', async () => !(await heldByA()), 5_000);
    for (const until = performance.now() + 1_500; performance.now() < until; await sleep(50)) {
      assert.equal(await heldByA(), false, 'a lease given up stays given up: a standby takes it at once');
    }
  });

  it('answers /health/live while it steps down, its port handed from leading to standing by at once', async () => {
    const db = await createTestDatabase();
    cleanUp.push(() => db.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'txc-step-down-port-'));
    cleanUp.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const [relay, link] = await Promise.all([PostgresRelay.open(db.url), SeverableLink.open(TEST_NATS_URL)]);
    cleanUp.push(
      () => relay.close(),
      () => link.close(),
    );
    const lease = { ...TEST_LEASE, natsLossMs: 1_000 };
    const flags = engineNodeFlags({ dataDir, database: relay.url, venue: DEMO_VENUE_FILE }, 'A', SHARED);
    // its info lines too: the one that says it follows the journal again after leading
    const a: ChildServer = await startChildServer({ ...flags, cluster: link.url, lease, logLevel: 'info' });
    cleanUp.push(() => a.crash());
    await leading(a);

    // the closing venue's snapshot is held a while, as a slow store would: the port is answered meanwhile
    const snapshot = relay.hold('insert into "snapshots"');
    const longest = await longestUnanswered(a.url, async () => {
      // no gateway can reach a leader that lost NATS: it steps down, closing the venue it led
      link.cut();
      await snapshot.reached;
      await sleep(1_000);
      snapshot.letGo();
      const standingByAgain = (): boolean => {
        const logs = a.logs();
        const steppedDown = logs.indexOf('this node no longer leads');
        return steppedDown >= 0 && logs.includes('standing by, following the journal', steppedDown);
      };
      await eventually('standing by again', standingByAgain, 20_000);
    });
    assert.ok(longest < PORT_HANDOVER_MS, `/health/live went unanswered ${Math.round(longest)} ms at once`);
  });

  it('stops answering the gateways before its lease can lapse, even while a renew hangs', async () => {
    const db = await createTestDatabase();
    cleanUp.push(() => db.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'txc-lapse-'));
    cleanUp.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const relay = await PostgresRelay.open(db.url);
    cleanUp.push(() => relay.close());
    const reader = new pg.Client(db.url);
    await reader.connect();
    cleanUp.push(() => reader.end());
    const heldByA = (): Promise<boolean> => heldByNode(reader, 'A');

    // a lifetime long beside the test's waits: a renew landing late holds the lease that long
    const lease = { ...TEST_LEASE, ttlMs: 6_000 };
    const flags = engineNodeFlags({ dataDir, database: relay.url, venue: DEMO_VENUE_FILE }, 'A', SHARED);
    const a: ChildServer = await startChildServer({ ...flags, cluster: TEST_NATS_URL, lease });
    cleanUp.push(() => a.crash());
    await leading(a);

    // a renew that never comes back, as on a road to the database that went silent
    const renew = relay.hold('update cluster_lease set expires_at');
    await renew.reached;
    const { rows } = await reader.query<{ ms: string }>(
      `select (extract(epoch from expires_at) * 1000)::bigint as ms from cluster_lease where id = 1`,
    );
    const lapsesAt = Number(rows[0]!.ms);
    await eventually('the step-down', () => a.logs().includes('this node no longer leads'), 10_000);
    const timeOf = (message: string): number | undefined => {
      const line = a
        .logs()
        .split('\n')
        .find((l) => l.includes(message));
      return line === undefined ? undefined : (JSON.parse(line) as { time: number }).time;
    };
    // from the lease's lapse on, a standby may take it and answer: this node must be silent by then
    const stoppedAt = timeOf('no longer answering the gateways') ?? timeOf('this node no longer leads')!;
    assert.ok(stoppedAt < lapsesAt, `stopped answering at ${stoppedAt}, the lease lapses at ${lapsesAt}`);
    // the renew lands late and extends the lease; the step-down then gives it up rather than leave a
    // standby to wait out what that renew added
    renew.letGo();
    await eventually('the lease given up after the late renew', async () => !(await heldByA()), 1_500);
  });

  it('reports the last entry it applied while it cannot reach the store after stepping down', async () => {
    const db = await createTestDatabase();
    cleanUp.push(() => db.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'txc-cut-off-'));
    cleanUp.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const relay = await PostgresRelay.open(db.url);
    cleanUp.push(() => relay.close());
    const flags = engineNodeFlags({ dataDir, database: relay.url, venue: DEMO_VENUE_FILE }, 'A', SHARED);
    const a: ChildServer = await startChildServer({ ...flags, cluster: TEST_NATS_URL, lease: TEST_LEASE });
    cleanUp.push(() => a.crash());
    await leading(a);
    const health = async (): Promise<{ seq: number; cluster: { role: string } }> =>
      (await (await fetch(`${a.url}/health`)).json()) as { seq: number; cluster: { role: string } };
    const { seq } = await health();
    assert.ok(seq > 0, 'the venue file applied');

    // every road to PostgreSQL cut: the lease cannot be renewed, nor the journal read again
    await relay.close();
    await eventually('the step-down', () => a.logs().includes('this node no longer leads'), 20_000);
    await eventually('standing by', async () => (await health().catch(() => undefined))?.cluster.role === 'standby');
    await eventually('retrying the journal', () => a.logs().includes('cannot load the journal yet'), 10_000);
    assert.equal((await health()).seq, seq, 'the state it stepped down with, not none');
  });
});
