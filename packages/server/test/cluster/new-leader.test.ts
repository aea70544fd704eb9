import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import pg from 'pg';
import type { Config } from '../../src/config/schema.js';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { setUp } from '../durability/actors.js';
import { engineNodeFlags, health, leading } from '../durability/venue-processes.js';
import { parseSamples, valueOf } from '../metrics/prometheus-text.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { eventually } from '../support/eventually.js';
import { longestUnanswered, PORT_HANDOVER_MS } from '../support/liveness-probe.js';
import { natsSkipReason } from '../support/nats.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';

const ADMIN_TOKEN = 'new-leader-admin-token';

describe('a node that takes over', async () => {
  const skip = (await postgresSkipReason()) ?? (await natsSkipReason());
  if (skip !== undefined) {
    it('runs against real PostgreSQL and NATS servers', { skip }, () => undefined);
    return;
  }

  it('reports the latest snapshot in the store, not the one it loaded its state from', async () => {
    const db = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'txc-new-leader-'));
    const flags: Partial<Config> = {
      dataDir,
      database: db.url,
      venue: DEMO_VENUE_FILE,
      snapshots: { everyCommands: 10, keep: 3 },
    };
    const shared = { masterKey: '9a'.repeat(32), adminToken: ADMIN_TOKEN };
    const started: ChildServer[] = [];
    const reader = new pg.Client(db.url);
    await reader.connect();
    try {
      const a = await leading(await startChildServer(engineNodeFlags(flags, 'A', shared)));
      started.push(a);
      // its info lines too: what it says when it takes over
      const b = await startChildServer({ ...engineNodeFlags(flags, 'B', shared), logLevel: 'info' });
      started.push(b);
      // B stands by with the state it loaded: the leader then goes on, snapshotting as it goes
      let n = 0;
      await setUp(a, 4, (p) => `${p}${++n}`);
      await a.stop();
      await leading(b);
      const { rows } = await reader.query<{ seq: string }>('select max(seq) as seq from snapshots');
      const latest = Number(rows[0]!.seq);
      const report = await health<{ seq: number; snapshotSeq: number }>(b);
      assert.ok(report !== undefined);
      assert.ok(latest > 10, `the leader before snapshotted (${latest})`);
      // a snapshot the new leader took since (its cadence) may have moved it further
      assert.ok(report.snapshotSeq >= latest, `snapshotSeq ${report.snapshotSeq}, the store's latest ${latest}`);
      const scraped = await fetch(`${b.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      assert.ok(valueOf(parseSamples(await scraped.text()), 'txc_snapshot_seq') >= latest);
      // its log says it replayed nothing to take over, not the figures of the load it followed from
      assert.doesNotMatch(b.logs(), /"msg":"state loaded"/);
      assert.match(b.logs(), /"msg":"state taken over as followed"/);
    } finally {
      await reader.end();
      await Promise.all(started.map((p) => p.crash()));
      rmSync(dataDir, { recursive: true, force: true });
      await db.drop();
    }
  });

  it('answers /health/live while it takes over, its port handed from standing by to leading', async () => {
    const db = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'txc-new-leader-'));
    const flags: Partial<Config> = { dataDir, database: db.url, venue: DEMO_VENUE_FILE };
    const shared = { masterKey: '9c'.repeat(32), adminToken: ADMIN_TOKEN };
    const started: ChildServer[] = [];
    try {
      const a = await leading(await startChildServer(engineNodeFlags(flags, 'A', shared)));
      started.push(a);
      const b = await startChildServer(engineNodeFlags(flags, 'B', shared));
      started.push(b);
      await eventually('B stands by', async () => (await health(b))?.cluster?.role === 'standby');
      // a request still arriving when B takes over (its headers sent by halves) must not hold B's port
      const { hostname, port } = new URL(b.url);
      const halfSent = connect(Number(port), hostname);
      halfSent.on('error', () => undefined);
      halfSent.write('GET /health HTTP/1.1\r\nHost: txc\r\n');
      const longest = await longestUnanswered(b.url, async () => {
        await a.stop();
        await leading(b, 10_000);
      }).finally(() => halfSent.destroy());
      assert.ok(longest < PORT_HANDOVER_MS, `/health/live went unanswered ${Math.round(longest)} ms at once`);
    } finally {
      await Promise.all(started.map((p) => p.crash()));
      rmSync(dataDir, { recursive: true, force: true });
      await db.drop();
    }
  });

  it('started with other flags than the leader’s, says so, and again when it comes to lead', async () => {
    const db = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'txc-new-leader-'));
    const flags: Partial<Config> = { dataDir, database: db.url, venue: DEMO_VENUE_FILE };
    const shared = { masterKey: '9b'.repeat(32), adminToken: ADMIN_TOKEN };
    const started: ChildServer[] = [];
    try {
      const a = await leading(await startChildServer({ ...engineNodeFlags(flags, 'A', shared), demo: true }));
      started.push(a);
      const same = await startChildServer({ ...engineNodeFlags(flags, 'C', shared), demo: true });
      started.push(same);
      const other = await startChildServer(engineNodeFlags(flags, 'B', shared));
      started.push(other);
      const told =
        /this node's flags differ from those the venue is led with: --demo false here, true on A; fundingSettlement schedule here, admin on A: whichever node leads runs the venue with its own flags/;
      assert.match(other.logs(), told);
      assert.doesNotMatch(same.logs(), /flags differ/, 'a node started as the leader was is told nothing');
      await same.crash();
      await a.stop();
      await leading(other);
      await eventually('told again when it leads', () =>
        /this node leads with flags unlike those of the node before: --demo false here, true on A/.test(other.logs()),
      );
    } finally {
      await Promise.all(started.map((p) => p.crash()));
      rmSync(dataDir, { recursive: true, force: true });
      await db.drop();
    }
  });
});
