import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { TxcStreamError, type TxcStream } from '@txc/sdk';
import { WebSocket } from 'ws';
import type { Config } from '../../src/config/schema.js';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { setUp } from '../durability/actors.js';
import { MARKET } from '../durability/order-kinds.js';
import { acknowledged, admin, send, sign, type Actor, type Target } from '../durability/traffic.js';
import { engineNodeFlags, gatewayFlags, health, leading } from '../durability/venue-processes.js';
import { startChildServer, type ChildFlags, type ChildServer } from '../support/child-server.js';
import { natsSkipReason, TEST_NATS_URL } from '../support/nats.js';
import { eventually } from '../support/eventually.js';
import { freePort } from '../support/ports.js';
import { redisSkipReason, TEST_REDIS_URL } from '../support/redis.js';
import { SeverableLink } from '../support/severable-link.js';
import { decodeAnswer, encodeRequest } from '../../src/cluster/http-over-nats.js';
import { streamOn } from './stream-client.js';
import { ADMIN_URL, createTestDatabase, postgresSkipReason, type TestDatabase } from '../support/postgres.js';
import { txc } from '../support/txc-cli.js';
import { parseSamples, sumOf, valueOf, type Sample } from '../metrics/prometheus-text.js';

const PRIVATE_503 = { code: 0, message: 'Service temporarily unavailable, try again later.', errors: {} };

const ADMIN_TOKEN = 'gateways-test-admin-token';

/** Orders per 10 s of one key on the leader: small, so that the test sees where it stops. */
const ORDER_LIMIT = 20;
/** The gateways share a stricter one in Redis: what they let through is their own count's doing. */
const GATEWAY_ORDER_LIMIT = 12;
/** Every API request of one client IP across the gateways: more than the tests before the last one send. */
const GATEWAY_PER_IP_LIMIT = 400;

/** A process's own `/metrics`, scraped with the cluster's admin token. */
async function scrape(target: { url: string }): Promise<Sample[]> {
  const response = await fetch(`${target.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  assert.equal(response.status, 200);
  return parseSamples(await response.text());
}

/** Requests of a rate-limit group both gateways refused, as their own `/metrics` count them. */
async function refusedByGateways(gateways: readonly { url: string }[], group: string): Promise<number> {
  const scraped = await Promise.all(gateways.map(scrape));
  return scraped.reduce((total, samples) => total + sumOf(samples, 'txc_rate_limit_refusals_total', { group }), 0);
}

const restingBuy = (actor: Actor, clientOrderId: string): ReturnType<typeof sign> =>
  sign(actor, '/api/v4/order/new', { market: MARKET, side: 'buy', amount: '0.001', price: '10000.00', clientOrderId });

/** The cluster's NATS subjects, as a gateway addresses the leader, and a connection to ask on. */
async function leaderSubjects(dbUrl: string): Promise<{ subject: (name: string) => string; nats: NatsConnection }> {
  const client = new pg.Client(dbUrl);
  await client.connect();
  const { rows } = await client.query<{ cluster: string }>('select cluster from cluster_lease');
  await client.end();
  const subject = (name: string): string => `txc.${rows[0]!.cluster}.${name}`;
  return { subject, nats: await connect({ servers: TEST_NATS_URL }) };
}
describe('gateways in front of a cluster', async () => {
  const skip = (await postgresSkipReason()) ?? (await natsSkipReason()) ?? (await redisSkipReason());
  if (skip !== undefined) {
    it('runs against a real PostgreSQL and NATS', { skip }, () => undefined);
    return;
  }
  let db: TestDatabase;
  let dataDir: string;
  let flags: Partial<Config>;
  const shared = { masterKey: 'cd'.repeat(32), adminToken: ADMIN_TOKEN };
  let leader: ChildServer;
  let g1: ChildServer;
  let g2: ChildServer;
  let actors: Actor[];
  before(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'txc-gateways-'));
    flags = {
      dataDir,
      database: db.url,
      venue: DEMO_VENUE_FILE,
      rateLimits: { groups: { order: { limit: ORDER_LIMIT, windowMs: 10_000 } } },
    };
    leader = await leading(await startChildServer(engineNodeFlags(flags, 'A', shared)));
    const limitedInRedis = (id: string): ChildFlags => ({
      ...gatewayFlags(flags, id, shared),
      redis: TEST_REDIS_URL,
      rateLimits: {
        perIp: { limit: GATEWAY_PER_IP_LIMIT, windowMs: 10_000 },
        groups: { order: { limit: GATEWAY_ORDER_LIMIT, windowMs: 10_000 } },
      },
    });
    g1 = await startChildServer(limitedInRedis('G1'));
    g2 = await startChildServer(limitedInRedis('G2'));
    let n = 0;
    // set up through a gateway: the admin API works there as on the leader
    actors = await setUp(g1, 4, (p) => `${p}${++n}`);
  });
  after(async () => {
    await Promise.all([leader, g1, g2].map((p) => p?.crash()));
    rmSync(dataDir, { recursive: true, force: true });
    await db.drop();
  });

  it('/health says the role, the node and the leader', async () => {
    const body = (await (await fetch(`${g2.url}/health`)).json()) as Record<string, unknown>;
    assert.equal(body.status, 'ok');
    assert.deepEqual(body.cluster, {
      role: 'gateway',
      node: 'G2',
      leader: 'A',
      epoch: 1,
      nats: true,
      leaderAnswers: true,
      redis: true,
    });
    assert.equal(valueOf(await scrape(g2), 'txc_cluster_redis_connected'), 1);
    const led = (await (await fetch(`${leader.url}/health`)).json()) as { seq: number };
    assert.equal(body.seq, led.seq, 'the committed sequence');
  });

  it('each process serves its own /metrics: a gateway its requests, sockets and lag, the leader its role', async () => {
    assert.equal((await fetch(`${g1.url}/metrics`)).status, 401, 'the admin or metrics token, as on a server');
    const history = { route: '/api/v4/trade-account/order/history', method: 'POST', status: '200' };
    const [before, otherBefore] = await Promise.all([scrape(g1), scrape(g2)]);
    const placed = await send(g1, restingBuy(actors[3]!, 'counted-by-its-gateway'));
    assert.ok(acknowledged(placed), JSON.stringify(placed.body));
    assert.equal((await send(g1, sign(actors[3]!, history.route, { market: MARKET }))).status, 200);
    assert.equal((await fetch(`${g1.url}/api/v4/public/ping`)).status, 200);
    const socket = new WebSocket(`${g1.url.replace(/^http/, 'ws')}/ws`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    try {
      const [now, other, led] = await Promise.all([scrape(g1), scrape(g2), scrape(leader)]);
      const moved = (samples: Sample[], was: Sample[], labels: Record<string, string>): number =>
        sumOf(samples, 'txc_http_requests_total', labels) - sumOf(was, 'txc_http_requests_total', labels);
      assert.equal(moved(now, before, history), 1, 'a request it served itself');
      assert.equal(moved(now, before, { route: '/api/v4/order/new', method: 'POST', status: '200' }), 1);
      assert.equal(moved(now, before, { route: '/*', method: 'GET', status: '200' }), 1, 'one it forwarded');
      assert.equal(moved(other, otherBefore, history), 0, 'the other gateway counts its own');
      assert.equal(valueOf(now, 'txc_ws_connections'), 1);
      assert.ok(valueOf(now, 'process_resident_memory_bytes') > 0, "the process's own figures");
      assert.equal(valueOf(now, 'txc_cluster_role', { role: 'gateway' }), 1);
      assert.equal(valueOf(now, 'txc_cluster_role', { role: 'leader' }), 0);
      assert.equal(valueOf(now, 'txc_cluster_nats_connected'), 1);
      assert.equal(valueOf(now, 'txc_cluster_leader_live'), 1);
      assert.equal(valueOf(now, 'txc_cluster_lease_epoch'), 1);
      // the gateway answered the order once its copy had applied it: nothing to catch up on
      const journal = valueOf(led, 'txc_journal_seq');
      assert.equal(valueOf(now, 'txc_cluster_journal_seq'), journal);
      assert.equal(valueOf(now, 'txc_cluster_applied_seq'), journal);
      assert.ok(!now.some((s) => s.name === 'txc_commands_total'), "not the leader's figures");
      assert.equal(valueOf(led, 'txc_cluster_role', { role: 'leader' }), 1);
      assert.equal(valueOf(led, 'txc_cluster_nats_connected'), 1);
      assert.equal(valueOf(led, 'txc_cluster_applied_seq'), journal);
    } finally {
      socket.close();
    }
  });

  it('a bad signature is refused at the gateway as the venue refuses it', async () => {
    const request = restingBuy(actors[0]!, 'bad-signature');
    const forged = { ...request, headers: { ...request.headers, 'x-txc-signature': 'ab'.repeat(64) } };
    const answer = await send(g1, forged);
    assert.deepEqual([answer.status, answer.body], [401, { code: 10, message: 'Unauthorized request.', errors: {} }]);
  });

  it('two gateways cannot both accept one nonce', async () => {
    const request = restingBuy(actors[0]!, 'once');
    const [first, second] = await Promise.all([send(g1, request), send(g2, request)]);
    const statuses = [first.status, second.status].sort();
    assert.deepEqual(statuses, [200, 429], JSON.stringify([first.body, second.body]));
  });

  it('one gateway cannot accept one nonce twice, though its admissions reach the leader together', async () => {
    const request = restingBuy(actors[0]!, 'once-through-one');
    const [first, second] = await Promise.all([send(g1, request), send(g1, request)]);
    const statuses = [first.status, second.status].sort();
    assert.deepEqual(statuses, [200, 429], JSON.stringify([first.body, second.body]));
  });

  it('order entry and the history reads are served by the gateways: only their command reaches the leader', async () => {
    const actor = actors[1]!;
    const leaderCount = async (route: string): Promise<number> => {
      const text = await (
        await fetch(`${leader.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
      ).text();
      const lines = text
        .split('\n')
        .filter((l) => l.startsWith('txc_http_requests_total{') && l.includes(`"${route}"`));
      return lines.reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
    };
    const placedBefore = await leaderCount('/api/v4/order/new');
    const historyBefore = await leaderCount('/api/v4/trade-account/order/history');
    const openBefore = await leaderCount('/api/v4/orders');
    const placed = await send(g1, restingBuy(actor, 'served-by-a-gateway'));
    assert.ok(acknowledged(placed), JSON.stringify(placed.body));
    const { orderId } = placed.body as { orderId: number };
    const cancelled = await send(g2, sign(actor, '/api/v4/order/cancel', { market: MARKET, orderId }));
    assert.ok(acknowledged(cancelled), JSON.stringify(cancelled.body));
    const history = await send(g1, sign(actor, '/api/v4/trade-account/order/history', { market: MARKET }));
    assert.ok(JSON.stringify(history.body).includes('served-by-a-gateway'), JSON.stringify(history.body));
    const open = await send(g2, sign(actor, '/api/v4/orders', { market: MARKET }));
    assert.equal(open.status, 200);
    assert.equal(await leaderCount('/api/v4/order/new'), placedBefore);
    assert.equal(await leaderCount('/api/v4/trade-account/order/history'), historyBefore);
    // a state read is the leader's: it goes there as it came
    assert.equal(await leaderCount('/api/v4/orders'), openBefore + 1);
  });

  it('a request through one gateway sees what another acknowledged just before it', async () => {
    const actor = actors[1]!;
    // three rounds: the key's order allowance (GATEWAY_ORDER_LIMIT) is shared with the test before
    for (let i = 0; i < 3; i++) {
      const placed = await send(g1, restingBuy(actor, `seen-${i}`));
      assert.ok(acknowledged(placed), JSON.stringify(placed.body));
      // the total of the order as modified is checked against the order as it stands: g2's copy has it
      const modified = await send(
        g2,
        sign(actor, '/api/v4/order/modify', { market: MARKET, clientOrderId: `seen-${i}`, price: '0.01' }),
      );
      assert.deepEqual(
        [modified.status, modified.body],
        [422, { code: 30, message: 'Validation failed', errors: { total: ['Total (amount * price) is less than 5'] } }],
      );
    }
  });

  it("a key's rate limit, shared in Redis, holds exactly when its requests are spread over both gateways", async () => {
    const actor = actors[2]!;
    const gateways: Target[] = [g1, g2];
    const refusedBefore = await refusedByGateways(gateways, 'order');
    let accepted = 0;
    for (let i = 0; i < 2 * ORDER_LIMIT; i++) {
      if (acknowledged(await send(gateways[i % 2]!, restingBuy(actor, `limit-${i}`)))) accepted++;
    }
    // setUp placed no order with this key (the opening trade is the first two actors')
    assert.equal(accepted, GATEWAY_ORDER_LIMIT, 'one count for both gateways, refused before the leader');
    const refused = await send(g1, restingBuy(actor, 'one-more'));
    assert.deepEqual([refused.status, refused.body], [429, { code: 0, message: 'Too many requests.', errors: {} }]);
    // counted where they were refused, as a single server counts its own
    assert.equal(
      (await refusedByGateways(gateways, 'order')) - refusedBefore,
      2 * ORDER_LIMIT - GATEWAY_ORDER_LIMIT + 1,
    );
  });

  it('a key revoked through one gateway is refused by the other at once', async () => {
    const actor = actors[3]!;
    assert.ok(acknowledged(await send(g2, restingBuy(actor, 'before-revoke'))));
    assert.equal((await admin(g1, 'DELETE', `/admin/v1/api-keys/${actor.apiKey}`)).status, 200);
    const answer = await send(g2, restingBuy(actor, 'after-revoke'));
    assert.deepEqual([answer.status, answer.body], [401, { code: 10, message: 'Unauthorized request.', errors: {} }]);
  });

  it('the CLI works through a gateway as it does beside txc serve', async () => {
    const cli = await txc([
      'user',
      'create',
      'through-a-gateway',
      '--data-dir',
      join(dataDir, 'node-G1'),
      '--admin-token',
      ADMIN_TOKEN,
    ]);
    assert.equal(cli.code, 0, cli.stderr);
    assert.equal((await admin(g2, 'GET', '/admin/v1/users/through-a-gateway')).status, 200);
  });

  it("a key's IP allow-list sees the client's address, which a client cannot forge past the gateway", async () => {
    const owner = actors[0]!;
    const created = await admin(g1, 'POST', `/admin/v1/users/${owner.user}/api-keys`, {
      permissions: ['trading'],
      ips: ['10.1.2.3'],
    });
    const { apiKey, apiSecret } = created.body as { apiKey: string; apiSecret: string };
    const fenced: Actor = { user: owner.user, apiKey, apiSecret, nonce: Date.now(), transfers: 0, open: [] };
    const request = restingBuy(fenced, 'from-elsewhere');
    const forged = { ...request, headers: { ...request.headers, 'x-forwarded-for': '10.1.2.3' } };
    const answer = await send(g2, forged);
    assert.deepEqual(
      [answer.status, answer.body],
      [403, { code: 2, message: 'This action is unauthorized. Enable your key in API settings', errors: {} }],
    );
  });

  it('the leader answers a gateway of the version before, one question a message, and reads on past a message it cannot', async () => {
    const { subject, nats } = await leaderSubjects(db.url);
    const ask = async (name: string, data: string): Promise<unknown> =>
      (await nats.request(subject(name), data, { timeout: 5_000 })).json();
    try {
      await assert.rejects(nats.request(subject('admit'), '{"not":', { timeout: 500 }));
      const admission = (await ask(
        'admit',
        JSON.stringify({ apiKey: 'no-such-key', path: '/api/v4/order/new', nonce: 1, nonceWindow: false }),
      )) as { refused: string; seq: number };
      assert.equal(admission.refused, 'unauthorized');
      assert.equal(typeof admission.seq, 'number');
      await assert.rejects(nats.request(subject('command'), '[{', { timeout: 500 }));
      assert.deepEqual(await ask('command', JSON.stringify({ type: 'CreditDeposit' })), { unavailable: true });
    } finally {
      await nats.close();
    }
    // and the gateways' own requests, batched, are answered as before (a history read: the keys'
    // order allowances are spent by the tests before)
    const history = await send(g1, sign(actors[1]!, '/api/v4/trade-account/order/history', { market: MARKET }));
    assert.equal(history.status, 200, JSON.stringify(history.body));
  });

  it('a nonce window is judged when the gateway received the request, not when a leader at last answers it', async () => {
    const { subject, nats } = await leaderSubjects(db.url);
    const actor = actors[2]!;
    // requests signed 8 s ago that a gateway received 7 s ago and held while no node led
    const now = Date.now();
    const signedAt = (ms: number) => {
      const body = JSON.stringify({ request: '/api/v4/trade-account/balance', nonce: ms, nonceWindow: true });
      const payload = Buffer.from(body).toString('base64');
      const signature = createHmac('sha512', actor.apiSecret).update(payload).digest('hex');
      const headers = { 'content-type': 'application/json', 'x-txc-apikey': actor.apiKey, 'x-txc-payload': payload };
      return { body, headers: { ...headers, 'x-txc-signature': signature } };
    };
    const forwarded = async (nonce: number, receivedAt?: number) => {
      const { body, headers } = signedAt(nonce);
      const message = encodeRequest({
        method: 'POST',
        url: '/api/v4/trade-account/balance',
        ip: '127.0.0.1',
        headers,
        verified: true,
        ...(receivedAt === undefined ? {} : { receivedAt }),
        body: Buffer.from(body),
      });
      const answer = decodeAnswer(
        await nats.request(subject('http'), message.data, { headers: message.headers, timeout: 5_000 }),
      );
      return {
        status: answer.status,
        body: JSON.parse(Buffer.from(answer.body).toString('utf8')) as { message?: string },
      };
    };
    const admitted = async (nonce: number, receivedAt?: number): Promise<string | undefined> => {
      const asked = {
        apiKey: actor.apiKey,
        path: '/api/v4/trade-account/balance',
        nonce,
        nonceWindow: true,
        receivedAt,
      };
      const answer = await nats.request(subject('admit'), JSON.stringify(asked), { timeout: 5_000 });
      return answer.json<{ refused?: string }>().refused;
    };
    try {
      assert.equal((await forwarded(now - 8_000, now - 7_000)).status, 200);
      assert.equal(await admitted(now - 8_001, now - 7_000), undefined);
      // without the time it was received (a gateway of an earlier version), the leader's own now
      const late = await forwarded(now - 8_002);
      assert.equal(late.status, 400);
      assert.match(late.body.message ?? '', /nonce is more than 5 seconds lesser/);
      assert.equal(await admitted(now - 8_003), 'nonceWindowTooOld');
      // a gateway's time judges the window, never the nonce's reuse: the same nonce again is refused
      assert.equal(await admitted(now - 8_000, now - 7_000), 'nonceWindowReused');
      // nor does a gateway whose clock runs ahead widen the window (spec: ±5 s of the server's time)
      assert.equal(await admitted(now + 60_000, now + 60_000), 'nonceWindowTooNew');
    } finally {
      await nats.close();
    }
  });

  it('a standby holds its data dir, sends the CLI to a gateway, and a txc serve on the cluster’s database is refused', async () => {
    const standby = await startChildServer(engineNodeFlags(flags, 'B', shared));
    try {
      while ((await health(standby))?.cluster?.leader !== 'A') await sleep(50);
      assert.equal((await fetch(`${standby.url}/metrics`)).status, 401, 'the admin or metrics token, as on a server');
      const journal = ((await health(leader)) as { seq: number }).seq;
      let own = await scrape(standby);
      while (valueOf(own, 'txc_cluster_applied_seq') < journal) {
        await sleep(50);
        own = await scrape(standby);
      }
      assert.equal(valueOf(own, 'txc_cluster_applied_seq'), journal, 'how far it followed the journal');
      assert.equal(valueOf(own, 'txc_cluster_journal_seq'), journal);
      assert.equal(valueOf(own, 'txc_cluster_role', { role: 'standby' }), 1);
      assert.equal(valueOf(own, 'txc_cluster_nats_connected'), 1);
      assert.equal(valueOf(own, 'txc_cluster_leader_live'), 1);
      const cli = await txc([
        'user',
        'create',
        'on-a-standby',
        '--data-dir',
        join(dataDir, 'node-B'),
        '--admin-token',
        ADMIN_TOKEN,
      ]);
      assert.notEqual(cli.code, 0);
      assert.match(
        cli.stderr,
        /This engine node stands by; engine node A leads the cluster\. Send admin requests through a gateway\./,
      );
      await assert.rejects(
        startChildServer({ ...engineNodeFlags(flags, 'B', shared), nodeId: 'B2' }),
        /the data dir is held by server process/,
      );
      await assert.rejects(
        startChildServer({ dataDir: join(dataDir, 'stray'), database: db.url, venue: DEMO_VENUE_FILE }),
        /engine node A, which leads a cluster on it\): go through its gateways/,
      );
    } finally {
      await standby.crash();
    }
  });

  it('a Redis that stops answering: the gateway counts on its own at once, says so, and shares again once it answers', async () => {
    const link = await SeverableLink.open(TEST_REDIS_URL);
    const gateway = await startChildServer({
      ...gatewayFlags(flags, 'G4', shared),
      redis: link.through(TEST_REDIS_URL),
    });
    const redisOnHealth = async (): Promise<unknown> =>
      ((await (await fetch(`${gateway.url}/health`)).json()) as { cluster: { redis?: boolean } }).cluster.redis;
    try {
      assert.equal((await fetch(`${gateway.url}/api/v4/public/ping`)).status, 200);
      assert.equal(await redisOnHealth(), true);
      // connections open, nothing answered: a hung Redis, or a partition TCP has not noticed
      link.stall();
      const stalledAt = performance.now();
      for (let i = 0; i < 5; i++) assert.equal((await fetch(`${gateway.url}/api/v4/public/ping`)).status, 200);
      const order = await send(gateway, restingBuy(actors[1]!, 'while-redis-is-silent'));
      assert.equal(order.status, 200, JSON.stringify(order.body));
      const took = performance.now() - stalledAt;
      assert.ok(took < 2_500, `the first request waits out one command timeout, the others none: ${took} ms`);
      assert.equal(await redisOnHealth(), false);
      const gauge = (await scrape(gateway)).filter((sample) => sample.name === 'txc_cluster_redis_connected');
      assert.deepEqual(
        gauge.map((sample) => sample.value),
        [0],
      );
      assert.match(gateway.logs(), /Redis at redis:\/\/127\.0\.0\.1:\d+\/? does not answer within 500 ms/);
      link.flow();
      await eventually('Redis counted again', async () => (await redisOnHealth()) === true);
      assert.match(gateway.logs(), /answers again: the rate limits are shared again/);
    } finally {
      await gateway.crash();
      await link.close();
    }
  });

  it('a gateway whose PostgreSQL stops answering, or is cut off, answers 503 within the request deadline, and serves once it answers', async () => {
    const link = await SeverableLink.open(db.url);
    const gateway = await startChildServer({ ...gatewayFlags(flags, 'G5', shared), database: link.through(db.url) });
    let socket: TxcStream | undefined;
    try {
      // the key is read and cached while the store answers
      assert.equal((await send(gateway, restingBuy(actors[2]!, 'before-the-stall'))).status, 200);
      socket = await streamOn(gateway, actors[2]);
      link.stall();
      // nothing committed since, so the gateway's copy is current: a history read goes to PostgreSQL itself,
      // and hangs there, but its request does not
      const readAt = performance.now();
      const history = await send(gateway, sign(actors[2]!, '/api/v4/trade-account/order/history', { market: MARKET }));
      const read = performance.now() - readAt;
      assert.deepEqual([history.status, history.body], [503, PRIVATE_503]);
      assert.ok(read < 3_000, `a history read: answered within the 3 s request deadline: ${read} ms`);
      // on the socket too, and as a read: it may simply be asked again
      await assert.rejects(socket.request('ordersExecuted_request', [{ market: MARKET }, 0, 10]), (e: unknown) => {
        assert.ok(e instanceof TxcStreamError);
        assert.deepEqual([e.code, e.message], [3, 'ordersExecuted_request: service unavailable (code 3)']);
        return true;
      });
      // a public one that pages the durable trades too (from a trade id), within the deadline
      const tradesAt = performance.now();
      await assert.rejects(socket.request('trades_request', [MARKET, 10, 1]), (e: unknown) => {
        assert.ok(e instanceof TxcStreamError);
        assert.deepEqual([e.code, e.message], [3, 'trades_request: service unavailable (code 3)']);
        return true;
      });
      const tradesTook = performance.now() - tradesAt;
      assert.ok(tradesTook < 3_000, `trades from an id: ${tradesTook} ms`);
      const stalledAt = performance.now();
      // the leader admits and commits; the gateway's copy cannot read the journal to catch up
      const answer = await send(gateway, restingBuy(actors[2]!, 'during-the-stall'));
      const took = performance.now() - stalledAt;
      assert.deepEqual([answer.status, answer.body], [503, PRIVATE_503]);
      assert.ok(took < 3_000, `answered within the 3 s request deadline, not dropped at its end: ${took} ms`);
      // the gateway gave up waiting either to catch up (nothing sent) or for the result of what the
      // leader committed: the latter, and only it, is logged as committed
      const open = await send(g1, sign(actors[2]!, '/api/v4/orders', { market: MARKET, limit: 100 }));
      const committed = (open.body as { clientOrderId: string }[]).some((o) => o.clientOrderId === 'during-the-stall');
      const said = (): boolean => /a command the leader committed could not be read/.test(gateway.logs());
      if (committed) await eventually('the committed order logged as such', said);
      else assert.equal(said(), false, gateway.logs());
      // a key made meanwhile: the gateway's read of the keys hangs, its first request does not
      const made = await admin(leader, 'POST', `/admin/v1/users/${actors[2]!.user}/api-keys`, {
        permissions: ['trading'],
      });
      const { apiKey, apiSecret } = made.body as { apiKey: string; apiSecret: string };
      const newKey: Actor = { ...actors[2]!, apiKey, apiSecret, nonce: Date.now() };
      const sentAt = performance.now();
      const unread = await send(gateway, restingBuy(newKey, 'new-key-during-the-stall'));
      const waited = performance.now() - sentAt;
      assert.deepEqual([unread.status, unread.body], [503, PRIVATE_503]);
      assert.ok(waited < 3_000, `a key the gateway cannot read: answered within the deadline: ${waited} ms`);
      // a socket's order: the leader commits it, the gateway cannot read its result, and says not to repeat it
      const order = { market: MARKET, side: 'buy', amount: '0.001', price: '10000.00', client_order_id: 'ws-stall' };
      await assert.rejects(socket.request('order_limit_place', [order]), (e: unknown) => {
        assert.ok(e instanceof TxcStreamError);
        assert.equal(e.code, 3);
        assert.match(e.message, /: the venue accepted this request, but .*: do not send it again;/);
        return true;
      });
      link.flow();
      await eventually(
        'served again',
        async () => (await send(gateway, restingBuy(actors[2]!, `after-${Date.now()}`))).status === 200,
      );
      // cut off rather than hung: the read fails at once, and that is the store's outage, not the gateway's fault
      link.cut();
      const cut = await send(gateway, sign(actors[2]!, '/api/v4/trade-account/order/history', { market: MARKET }));
      assert.deepEqual([cut.status, cut.body], [503, PRIVATE_503]);
      assert.doesNotMatch(gateway.logs(), /unhandled error/);
    } finally {
      socket?.close();
      await gateway.crash();
      await link.close();
    }
  });

  it('without a leader a gateway answers 503 in the API body, and says so on /health', async () => {
    assert.equal(await leader.stop(), 0);
    const answer = await send(g1, restingBuy(actors[0]!, 'no-leader'));
    assert.equal(answer.status, 503);
    assert.deepEqual(answer.body, {
      code: 0,
      message: 'Service temporarily unavailable, try again later.',
      errors: {},
    });
    const report = await fetch(`${g1.url}/health`);
    assert.equal(report.status, 503);
    const { cluster } = (await report.json()) as { cluster: { leader: string | null } };
    assert.equal(cluster.leader, null, 'the stopped leader gave its lease up: nobody leads');
    // the gateway's log says who leads when it changes: what a pager reads first
    await eventually('the gateway logged that nobody leads', () => g1.logs().includes('no engine node leads'));
  });

  it("a client IP's allowance, shared in Redis, is spent first and refused at the gateways in each family's body", async () => {
    // the leader is gone (the test before): whatever answers now is a gateway's own doing; a forged
    // signature is refused there at once, after the IP's allowance is counted, as the venue counts it
    const request = restingBuy(actors[0]!, 'over-the-ip-allowance');
    const forged = { ...request, headers: { ...request.headers, 'x-txc-signature': 'ab'.repeat(64) } };
    const refusedBefore = await refusedByGateways([g1, g2], 'ip');
    let answer = await send(g1, forged);
    // a window that began with the tests before may end meanwhile: the next one is spent as well
    for (let i = 1; i <= 3 * GATEWAY_PER_IP_LIMIT && answer.status === 401; i++)
      answer = await send([g1, g2][i % 2]!, forged);
    assert.deepEqual([answer.status, answer.body], [429, { code: 0, message: 'Too many requests.', errors: {} }]);
    const response = await fetch(`${g2.url}/api/v4/public/ping`);
    assert.deepEqual(
      [response.status, await response.json()],
      [429, { success: false, message: 'Too many requests.', params: [] }],
    );
    assert.equal((await refusedByGateways([g1, g2], 'ip')) - refusedBefore, 2, 'the order and the ping refused');
  });

  for (const [which, redis] of [
    ['without Redis', undefined],
    // nothing listens on port 1: every Redis command fails at once
    ['with Redis out of reach', 'redis://127.0.0.1:1'],
  ] as const) {
    it(`${which} a gateway counts a client IP's requests itself, those it serves included`, async () => {
      await aloneGatewayCounts(redis);
    });
  }

  async function aloneGatewayCounts(redis: string | undefined): Promise<void> {
    const limit = 5;
    const alone = await startChildServer({
      ...gatewayFlags(flags, 'G3', shared),
      ...(redis === undefined ? {} : { redis }),
      rateLimits: { perIp: { limit, windowMs: 60_000 }, groups: {} },
    });
    try {
      const request = restingBuy(actors[0]!, 'over-a-gateway-s-own-count');
      const forged = { ...request, headers: { ...request.headers, 'x-txc-signature': 'ab'.repeat(64) } };
      // order entry is served by the gateway: the leader would never see these requests to count them
      for (let i = 0; i < limit; i++) assert.equal((await send(alone, forged)).status, 401);
      const answer = await send(alone, forged);
      assert.deepEqual([answer.status, answer.body], [429, { code: 0, message: 'Too many requests.', errors: {} }]);
      const samples = await scrape(alone);
      assert.equal(valueOf(samples, 'txc_rate_limit_refusals_total', { group: 'ip' }), 1);
      // a gateway that counts alone says so
      const checked = await fetch(`${alone.url}/health`);
      const place = ((await checked.json()) as { cluster: Record<string, unknown> }).cluster;
      assert.equal(place.redis, redis === undefined ? undefined : false);
      const redisGauge = samples.filter((sample) => sample.name === 'txc_cluster_redis_connected');
      assert.deepEqual(
        redisGauge.map((sample) => sample.value),
        redis === undefined ? [] : [0],
      );
      const warned =
        alone.logs().match(/Redis at redis:\/\/127\.0\.0\.1:1 is out of reach \(.*ECONNREFUSED.*\)/g) ?? [];
      assert.equal(warned.length, redis === undefined ? 0 : 1, `said once an outage:\n${alone.logs()}`);
      // with its reason, not the client's stack: nothing is wrong with txc
      assert.doesNotMatch(alone.logs(), /"stack"/);
    } finally {
      await alone.crash();
    }
  }
});

describe('a gateway started before its cluster has an engine node', async () => {
  const skip = (await postgresSkipReason()) ?? (await natsSkipReason());
  if (skip !== undefined) {
    it('runs against a real PostgreSQL and NATS', { skip }, () => undefined);
    return;
  }

  it('waits for the first engine node to make the store, then serves', async () => {
    const db = await createTestDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'txc-gateway-first-'));
    const flags: Partial<Config> = { dataDir: dir, database: db.url, venue: DEMO_VENUE_FILE };
    const shared = { masterKey: 'ab'.repeat(32), adminToken: 'gateway-first-admin-token' };
    const started: ChildServer[] = [];
    let waiting!: () => void;
    const isWaiting = new Promise<void>((resolve) => (waiting = resolve));
    // the database is empty: not even the tables exist until an engine node migrates it
    const port = await freePort();
    const gateway = startChildServer(
      { ...gatewayFlags(flags, 'G1', shared), logLevel: 'info', port },
      60_000,
      (out) => {
        if (out.includes('waiting for the cluster’s first engine node')) waiting();
      },
    );
    try {
      await Promise.race([isWaiting, gateway]);
      // alive meanwhile, for a liveness probe, and not ready, saying what it waits for
      const live = await fetch(`http://127.0.0.1:${port}/health/live`);
      assert.equal(live.status, 200);
      assert.equal(((await live.json()) as { status: string }).status, 'live');
      const ready = await fetch(`http://127.0.0.1:${port}/health`);
      assert.equal(ready.status, 503);
      assert.deepEqual(await ready.json(), { status: 'unavailable', starting: 'the cluster’s first engine node' });
      const api = await fetch(`http://127.0.0.1:${port}/api/v4/public/ping`);
      assert.deepEqual(
        [api.status, await api.json()],
        [503, { success: false, message: 'Service temporarily unavailable, try again later.', params: [] }],
      );
      // a private route answers in its own family's body, as the gateway will once it serves
      const order = await fetch(`http://127.0.0.1:${port}/api/v4/order/new`, { method: 'POST', body: '{}' });
      assert.deepEqual(
        [order.status, await order.json()],
        [503, { code: 0, message: 'Service temporarily unavailable, try again later.', errors: {} }],
      );
      started.push(await leading(await startChildServer(engineNodeFlags(flags, 'A', shared))));
      const front = await gateway;
      started.push(front);
      let n = 0;
      const [actor] = await setUp(front, 2, (p) => `${p}${++n}`);
      assert.ok(acknowledged(await send(front, restingBuy(actor!, 'after-the-wait'))));
    } finally {
      await Promise.all(started.map((p) => p.crash()));
      await gateway.then(
        (g) => g.crash(),
        () => undefined,
      );
      rmSync(dir, { recursive: true, force: true });
      await db.drop();
    }
  });

  it('stops at once on a store it cannot read, rather than waiting for an engine node', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'txc-gateway-no-store-'));
    const shared = { masterKey: 'ab'.repeat(32), adminToken: 'gateway-no-store-admin-token' };
    try {
      const url = new URL(ADMIN_URL);
      url.pathname = '/txc_no_such_database';
      const flags: Partial<Config> = { dataDir: dir, database: url.href };
      await assert.rejects(startChildServer(gatewayFlags(flags, 'G1', shared)), /does not exist/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
