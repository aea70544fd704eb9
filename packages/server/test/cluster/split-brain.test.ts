import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../src/config/schema.js';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { loadState } from '../../src/venue/sequencer/load-state.js';
import { stateHash } from '../../src/venue/sequencer/state-hash.js';
import { setUp } from '../durability/actors.js';
import { MARKET } from '../durability/order-kinds.js';
import { acknowledged, admin, NoAnswer, send, sign, type Actor, type Answer } from '../durability/traffic.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { natsSkipReason } from '../support/nats.js';
import { createTestDatabase, postgresSkipReason, type TestDatabase } from '../support/postgres.js';
import { engineNodeFlags, health, leading } from '../durability/venue-processes.js';

interface Health {
  /** `standby` once it follows the journal (and has NATS). */
  readonly status: string;
  readonly seq: number;
  readonly cluster: { readonly role: string; readonly node: string; readonly leader: string | null };
}

async function standingBy(node: ChildServer, leader: string): Promise<Health> {
  for (let i = 0; i < 200; i++) {
    const h = await health<Health>(node);
    // a node standing by never names itself the leader, not even right after it stepped down
    if (h?.cluster.role === 'standby') assert.notEqual(h.cluster.leader, h.cluster.node, JSON.stringify(h));
    if (h?.status === 'standby' && h.cluster.leader === leader) return h;
    await sleep(50);
  }
  throw new Error(`the node at ${node.url} did not stand by behind ${leader}\n${node.logs()}`);
}

const order = (actor: Actor, clientOrderId: string, price: string): ReturnType<typeof sign> =>
  sign(actor, '/api/v4/order/new', { market: MARKET, side: 'buy', amount: '0.001', price, clientOrderId });

describe('split brain: a paused leader that wakes up after a takeover', async () => {
  const skip = (await postgresSkipReason()) ?? (await natsSkipReason());
  if (skip !== undefined) {
    it('runs against a real PostgreSQL', { skip }, () => undefined);
    return;
  }
  let db: TestDatabase;
  let dataDir: string;
  const nodes: ChildServer[] = [];
  before(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'txc-split-brain-'));
  });
  after(async () => {
    for (const n of nodes) {
      n.process.kill('SIGCONT');
      await n.crash();
    }
    rmSync(dataDir, { recursive: true, force: true });
    await db.drop();
  });

  it('its commits are refused by the fence, it steps down, and nothing it sequenced is visible anywhere', async () => {
    const flags: Partial<Config> = { dataDir, database: db.url, venue: DEMO_VENUE_FILE };
    const shared = { masterKey: 'ab'.repeat(32), adminToken: 'split-brain-admin-token' };
    const a = await leading(await startChildServer({ ...engineNodeFlags(flags, 'A', shared), logLevel: 'info' }));
    nodes.push(a);
    const b = await startChildServer(engineNodeFlags(flags, 'B', shared));
    nodes.push(b);
    let n = 0;
    const [alice] = await setUp(a, 2, (p) => `${p}${++n}`);
    const first = await send(a, order(alice!, 'before-pause', '10000.00'));
    assert.ok(acknowledged(first), JSON.stringify(first));

    a.process.kill('SIGSTOP');
    await leading(b);
    assert.ok(acknowledged(await send(b, order(alice!, 'under-b', '10000.01'))), 'the new leader takes writes');
    const taken = await admin(b, 'GET', '/admin/v1/state');

    // sent to the paused leader: it reaches it only once it wakes up, after it lost the lease
    const toOld = send(a, order(alice!, 'to-the-old-leader', '10000.02')).catch((e: unknown) => {
      if (e instanceof NoAnswer) return undefined;
      throw e;
    });
    await sleep(200);
    a.process.kill('SIGCONT');
    const answer: Answer | undefined = await toOld;
    assert.ok(answer === undefined || answer.status === 503, `never acknowledged: ${JSON.stringify(answer)}`);

    const stood = await standingBy(a, 'B');
    // its log says what happened to it: a snapshot the fence refused is no store failure, and it did not stop
    const said = a.logs();
    assert.match(said, /snapshot not saved: this node no longer holds the lease/);
    assert.doesNotMatch(said, /snapshot failed|txc stopped/);
    assert.match(said, /the venue this node led is closed/);
    assert.deepEqual(
      (await admin(b, 'GET', '/admin/v1/state')).body,
      taken.body,
      `the leader saw nothing of it\n${b.logs()}`,
    );
    const store = openPostgresStore(db.url);
    try {
      const loaded = await loadState(store);
      assert.deepEqual({ seq: loaded.state.seq, hash: stateHash(loaded.state) }, taken.body, 'nor did the store');
      assert.equal(stood.seq, loaded.state.seq, 'the old leader follows the store again, not what it applied');
      const ids = [...loaded.state.trading.orders.values()].map((o) => o.clientOrderId);
      assert.ok(ids.includes('under-b'), `the new leader's order rests: ${ids.join(', ')}`);
      assert.ok(!ids.includes('to-the-old-leader'));
    } finally {
      await store.close();
    }
  });
});
