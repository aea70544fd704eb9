import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { TxcStreamError, type TxcStream } from '@txc/sdk';
import type { Config } from '../../src/config/schema.js';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { setUp } from '../durability/actors.js';
import { MARKET } from '../durability/order-kinds.js';
import { acknowledged, admin, send, sign, type Actor, type Answer, type Target } from '../durability/traffic.js';
import { engineNodeFlags, gatewayFlags, leading, TEST_LEASE } from '../durability/venue-processes.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { natsSkipReason, TEST_NATS_URL, ThrowawayNats } from '../support/nats.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { eventually } from '../support/eventually.js';
import { SeverableLink } from '../support/severable-link.js';
import { throwawayPostgresSkipReason, ThrowawayPostgres } from '../support/throwaway-postgres.js';
import { arrives, mentions, streamOn, updates } from './stream-client.js';

const SHARED = { masterKey: 'ef'.repeat(32), adminToken: 'outages-test-admin-token' };

/** What a test started: stopped and removed after it, whatever happened. */
const cleanUp: (() => Promise<void> | void)[] = [];
after(async () => {
  for (const step of cleanUp.reverse()) await Promise.resolve(step()).catch(() => undefined);
});

/** One engine node, the given gateways, then the given standbys, on `database` and the NATS server at `nats`. */
async function cluster(
  database: string,
  nats: string,
  gateways: readonly string[],
  standbys: readonly string[] = [],
): Promise<ChildServer[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'txc-outages-'));
  const flags: Partial<Config> = { dataDir, database, venue: DEMO_VENUE_FILE };
  const processes: ChildServer[] = [];
  cleanUp.push(async () => {
    for (const p of processes) await p.crash();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const node = (id: string, gateway: boolean): Promise<ChildServer> =>
    startChildServer({ ...(gateway ? gatewayFlags : engineNodeFlags)(flags, id, SHARED), cluster: nats });
  processes.push(await leading(await node('A', false)));
  for (const id of gateways) processes.push(await node(id, true));
  for (const id of standbys) processes.push(await node(id, false));
  return processes;
}

/** A stream authorized as `actor` on `gateway`, closed after the test. */
async function watched(gateway: Target, actor: Actor): Promise<TxcStream> {
  const stream = await streamOn(gateway, actor);
  cleanUp.push(() => stream.close());
  return stream;
}

const order = (actor: Actor, clientOrderId: string): ReturnType<typeof sign> =>
  sign(actor, '/api/v4/order/new', { market: MARKET, side: 'buy', amount: '0.001', price: '10000.00', clientOrderId });

/** Sends fresh orders until one is acknowledged (the cluster is back), or fails after `timeoutMs`. */
async function recovers(target: Target, actor: Actor, prefix: string, timeoutMs = 60_000): Promise<string> {
  const deadline = performance.now() + timeoutMs;
  for (let i = 0; performance.now() < deadline; i++) {
    const id = `${prefix}-${i}`;
    const answer = await send(target, order(actor, id)).catch(() => undefined);
    if (answer !== undefined && acknowledged(answer)) return id;
    await sleep(200);
  }
  throw new Error(`${target.url} never took a write again`);
}

/** The client order ids of the actor's open orders, read through `target`. */
async function openOrders(target: Target, actor: Actor): Promise<string[]> {
  const answer: Answer = await send(target, sign(actor, '/api/v4/orders', { market: MARKET, limit: 100 }));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return (answer.body as { clientOrderId: string }[]).map((o) => o.clientOrderId).sort();
}

interface HealthBody {
  readonly status?: string;
  readonly cluster?: {
    readonly role: string;
    readonly leader: string | null;
    readonly nats: boolean;
    readonly leaderAnswers?: boolean;
  };
}

/**
 * Waits until the process's /health answers `status` (503 with `unavailable`, 200 otherwise) and its
 * body passes `also`.
 */
async function healthSays(
  process: Target,
  status: 'ok' | 'unavailable' | 'standby',
  when: string,
  also: (body: HealthBody) => boolean = () => true,
): Promise<void> {
  const deadline = performance.now() + 15_000;
  let last: string | undefined;
  while (performance.now() < deadline) {
    const answer = await fetch(`${process.url}/health`).catch(() => undefined);
    const body = (await answer?.json().catch(() => undefined)) as HealthBody | undefined;
    last = `${answer?.status} ${JSON.stringify(body)}`;
    if (answer?.status === (status === 'unavailable' ? 503 : 200) && body?.status === status && also(body)) return;
    await sleep(100);
  }
  assert.fail(`/health ${when}: ${last}, not ${status}`);
}

/** The process's /health/live: 200 for as long as it runs, whatever /health says of its readiness. */
async function isLive(process: Target, when: string): Promise<void> {
  const answer = await fetch(`${process.url}/health/live`);
  const body = (await answer.json()) as { status?: string };
  assert.deepEqual([answer.status, body.status], [200, 'live'], `/health/live ${when}: ${JSON.stringify(body)}`);
}

/** Waits until the process has logged a line matching `line`; fails after a few seconds. */
async function logged(process: ChildServer, line: RegExp): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (!line.test(process.logs())) {
    if (performance.now() > deadline) assert.fail(`never logged ${line}:\n${process.logs()}`);
    await sleep(100);
  }
}

describe('outages around a cluster', async () => {
  const skip = (await postgresSkipReason()) ?? (await natsSkipReason()) ?? throwawayPostgresSkipReason();
  if (skip !== undefined) {
    it('runs against real PostgreSQL and NATS servers', { skip }, () => undefined);
    return;
  }
  let n = 0;
  const unique = (p: string): string => `${p}${++n}`;

  it('a gateway killed: its clients go on through the other one, nonces increasing, nothing lost', async () => {
    const db = await createTestDatabase();
    cleanUp.push(() => db.drop());
    const [, g1, g2] = await cluster(db.url, TEST_NATS_URL, ['G1', 'G2']);
    const [actor] = await setUp(g1!, 2, unique);
    assert.ok(acknowledged(await send(g1!, order(actor!, 'via-g1'))));
    await g1!.crash();
    assert.ok(acknowledged(await send(g2!, order(actor!, 'via-g2'))));
    const open = await openOrders(g2!, actor!);
    assert.ok(open.includes('via-g1') && open.includes('via-g2'), open.join(', '));
  });

  it('NATS restarted: gateways and the engine node reconnect by themselves, and writes go on', async () => {
    const db = await createTestDatabase();
    cleanUp.push(() => db.drop());
    const nats = await ThrowawayNats.create();
    cleanUp.push(() => nats.destroy());
    const [leader, g1] = await cluster(db.url, nats.url, ['G1']);
    const [actor] = await setUp(g1!, 2, unique);
    const pending = await updates(await watched(g1!, actor!), 'ordersPending', [MARKET]);
    assert.ok(acknowledged(await send(g1!, order(actor!, 'before'))));
    await nats.stop();
    await healthSays(g1!, 'unavailable', 'while the gateway has lost NATS');
    await healthSays(leader!, 'unavailable', 'while the leader has lost NATS', (h) => h.cluster?.role === 'leader');
    // not ready, but alive: a liveness probe restarts neither while NATS restarts
    await isLive(g1!, 'of the gateway without NATS');
    await isLive(leader!, 'of the leader without NATS');
    assert.match(g1!.logs(), /lost NATS at nats:\/\/127\.0\.0\.1:\d+/);
    const during = await send(g1!, order(actor!, 'while-down'));
    assert.equal(during.status, 503, 'never a success while the leader cannot be reached');
    await nats.start();
    await healthSays(g1!, 'ok', 'once the gateway is back on NATS');
    const after = await recovers(g1!, actor!, 'after');
    const open = await openOrders(g1!, actor!);
    assert.ok(open.includes('before') && open.includes(after), open.join(', '));
    // the stream follows the journal, not NATS: it went on, and shows the order placed after
    await arrives(pending, mentions(after), 'the order placed after the restart, on the stream opened before');
  });

  it('NATS restarted: a key revoked while a gateway was cut off closes its sockets there once it is back', async () => {
    const db = await createTestDatabase();
    cleanUp.push(() => db.drop());
    const nats = await ThrowawayNats.create();
    cleanUp.push(() => nats.destroy());
    const [leader, g1] = await cluster(db.url, nats.url, ['G1']);
    const [actor] = await setUp(g1!, 2, unique);
    const stream = await watched(g1!, actor!);
    await updates(stream, 'balanceSpot', ['USDT']);
    let closedWith: number | undefined;
    (stream as unknown as { socket: WebSocket }).socket.addEventListener('close', (e) => (closedWith = e.code));
    await nats.stop();
    // committed on the leader, announced to nobody: the leader dies with the announcement in its buffer
    assert.equal((await admin(leader!, 'DELETE', `/admin/v1/api-keys/${actor!.apiKey}`)).status, 200);
    await leader!.crash();
    await nats.start();
    const deadline = performance.now() + 20_000;
    while (closedWith === undefined && performance.now() < deadline) await sleep(50);
    assert.equal(closedWith, 4003, 'the socket of the revoked key closed once the gateway was back');
  });

  it('a node cut off from NATS: the leader gives the lease up to the standby, and a standby never takes it', async () => {
    const db = await createTestDatabase();
    cleanUp.push(() => db.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'txc-outages-'));
    const links = await Promise.all([SeverableLink.open(TEST_NATS_URL), SeverableLink.open(TEST_NATS_URL)]);
    const processes: ChildServer[] = [];
    cleanUp.push(async () => {
      for (const p of processes) await p.crash();
      for (const l of links) await l.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const flags: Partial<Config> = { dataDir, database: db.url, venue: DEMO_VENUE_FILE };
    // long enough for the standby to hear the leader renew its lease unanswered: it asks the gateways
    const lease = { ...TEST_LEASE, natsLossMs: 4_000 };
    const node = async (id: string, link: SeverableLink): Promise<ChildServer> => {
      const started = await startChildServer({ ...engineNodeFlags(flags, id, SHARED), cluster: link.url, lease });
      processes.push(started);
      return started;
    };
    const [linkA, linkB] = links;
    const a = await leading(await node('A', linkA));
    const b = await node('B', linkB);
    await healthSays(b, 'standby', 'of the standby', (h) => h.cluster?.leader === 'A');
    const g1 = await startChildServer(gatewayFlags(flags, 'G1', SHARED));
    processes.push(g1);
    const [actor] = await setUp(g1, 2, unique);
    assert.ok(acknowledged(await send(g1, order(actor!, 'before'))));

    // the leader alone loses NATS: no gateway reaches it, so it lets the standby lead
    linkA.cut();
    await leading(b);
    assert.match(a.logs(), /no gateway can reach it: NATS lost for \d+ s/);
    const underB = await recovers(g1, actor!, 'under-b');
    await healthSays(a, 'unavailable', 'of the old leader while it has no NATS', (h) => h.cluster?.nats === false);
    await isLive(a, 'of the old leader, standing by without NATS');
    linkA.mend();
    await healthSays(a, 'standby', 'of the old leader back on NATS', (h) => h.cluster?.leader === 'B');

    // a standby without NATS does not take the lease of a leader that died: it would serve no one
    linkA.cut();
    await healthSays(a, 'unavailable', 'of the standby while it has no NATS', (h) => h.cluster?.role === 'standby');
    const leads = (): number => a.logs().split('this node leads the cluster').length - 1;
    const ledBefore = leads();
    await b.crash();
    await sleep(3 * TEST_LEASE.ttlMs);
    assert.equal(leads(), ledBefore, 'the node cut off from NATS took the lease');
    await healthSays(
      a,
      'unavailable',
      'of the standby cut off after the leader died',
      (h) => h.cluster?.role === 'standby',
    );
    linkA.mend();
    await leading(a);
    const underA = await recovers(g1, actor!, 'under-a');
    const open = await openOrders(g1, actor!);
    for (const id of ['before', underB, underA]) assert.ok(open.includes(id), `${id} in ${open.join(', ')}`);
  });

  it('a node or a gateway on another NATS than the leader’s: not ready, and the node never takes the lease', async () => {
    const db = await createTestDatabase();
    const other = await ThrowawayNats.create();
    cleanUp.push(() => other.destroy());
    cleanUp.push(() => db.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'txc-outages-'));
    const processes: ChildServer[] = [];
    cleanUp.push(async () => {
      for (const p of processes) await p.crash();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const flags: Partial<Config> = { dataDir, database: db.url, venue: DEMO_VENUE_FILE };
    const start = async (id: string, gateway: boolean, nats: string): Promise<ChildServer> => {
      const started = await startChildServer({
        ...(gateway ? gatewayFlags : engineNodeFlags)(flags, id, SHARED),
        cluster: nats,
      });
      processes.push(started);
      return started;
    };
    const a = await leading(await start('A', false, TEST_NATS_URL));
    const g1 = await start('G1', true, TEST_NATS_URL);
    const w = await start('W', false, other.url);
    const gw = await start('GW', true, other.url);
    const deaf = (h: HealthBody): boolean => h.cluster?.leader === 'A' && h.cluster.leaderAnswers === false;
    await healthSays(w, 'unavailable', 'of a standby on another NATS', deaf);
    await healthSays(gw, 'unavailable', 'of a gateway on another NATS', deaf);
    await healthSays(g1, 'ok', 'of a gateway on the leader’s NATS', (h) => h.cluster?.leaderAnswers === true);
    await logged(gw, /does not answer this gateway over NATS/);

    // the leader dies: the node that never heard it, alone on its NATS, does not take its place (with a
    // gateway there, it would: that NATS is then a cluster's too)
    await gw.crash();
    await a.crash();
    await sleep(3 * TEST_LEASE.ttlMs);
    assert.ok(!w.logs().includes('this node leads the cluster'), 'a node on another NATS took the lease');
    await logged(w, /nor any gateway answers this node over NATS[^\n]*will not take the lease/);
    // one on the gateways' NATS does, and writes go on through them
    await leading(await start('B', false, TEST_NATS_URL));
    const [actor] = await setUp(g1, 2, unique);
    assert.ok(acknowledged(await send(g1, order(actor!, 'under-b'))));
  });

  it('PostgreSQL stopped: 503 everywhere meanwhile, writes again when it returns, nothing acknowledged lost', async () => {
    const pg = await ThrowawayPostgres.create();
    cleanUp.push(() => pg.destroy());
    const [leader, g1, standby] = await cluster(pg.url, TEST_NATS_URL, ['G1'], ['B']);
    const [actor] = await setUp(g1!, 2, unique);
    const pending = await updates(await watched(g1!, actor!), 'ordersPending', [MARKET]);
    assert.ok(acknowledged(await send(g1!, order(actor!, 'before'))));
    await healthSays(standby!, 'standby', 'before the outage', (b) => b.cluster?.leader === 'A');
    await pg.stop();
    // a standby that cannot read the store could take nothing over: not ready, and it names no leader it cannot see
    await healthSays(standby!, 'unavailable', 'while PostgreSQL is down', (b) => b.cluster?.leader === null);
    for (const [i, target] of [g1!, leader!].entries()) {
      const answer = await send(target, order(actor!, `while-down-${i}`)).catch(() => undefined);
      assert.ok(answer === undefined || answer.status === 503, `never a success: ${JSON.stringify(answer)}`);
    }
    // the gateway reads the history from PostgreSQL itself: a store gone is 503 there too, not a fault of its own
    const history = await send(g1!, sign(actor!, '/api/v4/trade-account/order/history', { market: MARKET }));
    assert.deepEqual(
      [history.status, history.body],
      [503, { code: 0, message: 'Service temporarily unavailable, try again later.', errors: {} }],
    );
    await pg.start();
    const after = await recovers(g1!, actor!, 'after');
    // one of the two nodes leads again, and the other is ready to take over
    // a node changing role lets its port go for a moment between its two listeners: not ready then
    const ready = async (p: ChildServer): Promise<boolean> =>
      (await fetch(`${p.url}/health`).catch(() => undefined))?.status === 200;
    await eventually('both nodes ready again', async () => (await ready(leader!)) && (await ready(standby!)));
    const open = await openOrders(g1!, actor!);
    assert.ok(open.includes('before') && open.includes(after), open.join(', '));
    // the gateway's copy reads on from the entry after the last it applied: the stream goes on
    await arrives(pending, mentions(after), 'the order placed after PostgreSQL returned, on the stream opened before');
  });

  it('no engine node left: a socket’s order methods answer service unavailable, as REST answers 503', async () => {
    const db = await createTestDatabase();
    cleanUp.push(() => db.drop());
    const [leader, g1] = await cluster(db.url, TEST_NATS_URL, ['G1']);
    const [actor] = await setUp(g1!, 2, unique);
    const stream = await watched(g1!, actor!);
    await leader!.crash();
    for (const [method, params] of [
      ['order_limit_place', { market: MARKET, side: 'buy', amount: '0.001', price: '10000.00' }],
      ['order_cancel', { market: MARKET, order_id: 1 }],
    ] as const) {
      await assert.rejects(stream.request(method, [params]), (e: unknown) => {
        assert.ok(e instanceof TxcStreamError, String(e));
        assert.equal(e.code, 3, e.message);
        assert.match(e.message, /service unavailable: no engine node answered, and nothing was sent to one/);
        return true;
      });
    }
    assert.ok(!g1!.logs().includes('WebSocket request failed'), 'no server fault logged for an outage');
  });
});
