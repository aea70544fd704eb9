import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { TxcError, type TxcClient } from '@txc/sdk';
import type { Config } from '../../src/config/schema.js';
import { createTestDatabase, postgresSkipReason, type TestDatabase } from '../support/postgres.js';
import { TestServer, websocketSettings } from '../support/test-server.js';
import { trader } from '../support/trading.js';
import { authorizedSocket, orderCall, placed, type WsOrder } from '../support/ws-orders.js';

/** How long the test watches for an answer that must not come while the commit is held. */
const HOLD_MS = 800;

type PendingUpdate = [number, WsOrder];

describe('WebSocket order methods and the account streams (websocket spec §9.3)', () => {
  let server: TestServer;
  let maker: TxcClient;
  let me: TxcClient;

  before(async () => {
    server = await TestServer.start();
    maker = await trader(server, 'streammaker', { BTC: '10', USDT: '100000' });
    me = await trader(server, 'streamplacer', { BTC: '10', USDT: '100000' });
  });
  after(() => server.stop());

  test('an order placed over the socket is pushed like one placed through REST, before its answer', async () => {
    const ws = await authorizedSocket(server, me);
    await ws.call('ordersPending_subscribe', ['BTC_USDT']);
    await ws.call('deals_subscribe', [['BTC_USDT']]);
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '50000' });

    const answer = await orderCall(ws, 'order_limit_place', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '50000',
      client_order_id: 'ws-taker',
    });
    const order = answer.result as WsOrder;
    assert.equal(order.status, 'FILLED');
    // filled on arrival: one event 3, the same object the answer carries, pushed ahead of the answer
    const [update] = ws.pushes('ordersPending_update').map((p) => p.params as PendingUpdate);
    assert.deepEqual(update, [3, order]);
    const deal = ws.pushes('deals_update').map((p) => p.params as unknown[]);
    assert.deepEqual(
      deal.map((d) => [d[3], d[7]]),
      [[order.id, 'ws-taker']],
    );
    const answerAt = ws.texts.findIndex((t) => t.includes(`"id":${String(answer.id)},"result"`));
    const pushAt = ws.texts.findIndex((t) => t.startsWith('{"id":null,"method":"ordersPending_update"'));
    assert.ok(pushAt >= 0 && pushAt < answerAt, 'the push precedes the answer');

    // REST, socket, REST: the pushes come in that (journal) order
    const first = await me.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '40000' });
    const second = await placed(ws, 'order_limit_place', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '40001',
    });
    const third = await me.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '40002' });
    await ws.sync();
    const news = ws
      .pushes('ordersPending_update')
      .map((p) => p.params as PendingUpdate)
      .filter(([event]) => event === 1)
      .map(([, o]) => o.id);
    assert.deepEqual(news, [first.orderId, second.id, third.orderId]);
    await ws.close();
  });
});

describe('WebSocket order methods: the placement allowance (websocket spec §4)', () => {
  let server: TestServer;
  let me: TxcClient;

  before(async () => {
    server = await TestServer.start(websocketSettings({ placementsPerWindow: 3, windowMs: 600_000 }));
    me = await trader(server, 'limited', { BTC: '1', USDT: '10000' });
  });
  after(() => server.stop());

  test('placements beyond theirs are code 7; cancels and other requests are counted apart', async () => {
    const ws = await authorizedSocket(server, me);
    const order = { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '40000' };
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await placed(ws, 'order_limit_place', order)).id);
    const over = await orderCall(ws, 'order_limit_place', order);
    assert.deepEqual(over.error, { code: 7, message: 'too many requests' });
    assert.equal((await orderCall(ws, 'collateral_order_limit_place', order)).error?.code, 7);
    assert.equal((await me.activeOrders({ market: 'BTC_USDT' })).length, 3);
    // not placements: still answered
    assert.equal((await ws.request('ping')).result, 'pong');
    assert.equal((await placed(ws, 'order_cancel', { market: 'BTC_USDT', order_id: ids[0] })).status, 'CANCELED');
    assert.deepEqual(await ws.call('order_cancel_all', [{ market: 'BTC_USDT', type: ['spot'] }]), {});
    await ws.close();
  });
});

const skip = await postgresSkipReason();

describe('WebSocket order methods answer once the command is durable (PostgreSQL)', { skip }, () => {
  let db: TestDatabase;
  let server: TestServer;
  let me: TxcClient;

  before(async () => {
    db = await createTestDatabase();
    server = await TestServer.start({ database: db.url });
    me = await trader(server, 'heldplacer', { BTC: '1', USDT: '10000' });
  });
  after(async () => {
    await server.stop();
    await db.drop();
  });

  test('while the journal is locked a placement and a cancel are not answered; once it commits they are', async () => {
    const ws = await authorizedSocket(server, me);
    const resting = await placed(ws, 'order_limit_place', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '40000',
    });
    const locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE journal IN ACCESS EXCLUSIVE MODE');
    const before = ws.texts.length;
    const placement = orderCall(ws, 'order_limit_place', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '40001',
    });
    const cancel = orderCall(ws, 'order_cancel', { market: 'BTC_USDT', order_id: resting.id });
    // both are applied in memory at once; only their commit waits for the lock
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    assert.deepEqual(ws.texts.slice(before), [], 'nothing is answered before the commit');
    assert.equal((await ws.request('ping')).result, 'pong', 'the socket itself is not held');

    await locker.query('COMMIT');
    await locker.end();
    assert.equal(((await placement).result as WsOrder).status, 'OPEN');
    assert.equal(((await cancel).result as WsOrder).status, 'CANCELED');
    assert.deepEqual(
      (await me.activeOrders({ market: 'BTC_USDT' })).map((o) => o.price),
      ['40001'],
    );
    await ws.close();
  });
});

describe('a commit the store holds past the request deadline fails in time to answer (PostgreSQL)', { skip }, () => {
  let db: TestDatabase;
  let server: TestServer;
  let me: TxcClient;

  before(async () => {
    db = await createTestDatabase();
    // requests are answered within 2 s (the request timeout less one): so are the commits
    server = await TestServer.start({ database: db.url, http: { requestTimeoutMs: 3_000 } as Config['http'] });
    me = await trader(server, 'deadlineplacer', { BTC: '1', USDT: '10000' });
  });
  after(async () => {
    await server.stop();
    await db.drop();
  });

  test('REST answers 503 instead of a dropped connection; the socket answers reads and refuses commands until it recovers', async () => {
    const ws = await authorizedSocket(server, me);
    const locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE journal IN ACCESS EXCLUSIVE MODE');
    try {
      const sentAt = performance.now();
      const refusal = (e: unknown): unknown => e;
      const unacknowledged = (): never => assert.fail('acknowledged while its commit is held');
      const first = me.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '40002' });
      await new Promise((r) => setTimeout(r, 300));
      // handed to the store while the first commit is written: queued behind it
      const second = me.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '40005' });
      const [held, queued] = await Promise.all([
        first.then(unacknowledged, refusal),
        second.then(unacknowledged, refusal),
      ]);
      const took = performance.now() - sentAt;
      assert.ok(held instanceof TxcError && held.status === 503, String(held));
      assert.ok(queued instanceof TxcError && queued.status === 503, String(queued));
      assert.ok(took < 2_900, `answered within the request deadline: ${took} ms`);
      // the venue rebuilds from the store, which it cannot read yet: a read held for durability is
      // answered, not left unsaid, and a command is refused with nothing applied
      const read = await ws.request('trades_request', ['BTC_USDT', 10, 0]);
      assert.deepEqual(read.error, { code: 3, message: 'service unavailable' });
      // a subscribe too: its snapshot could not be sent, so it is not taken, and may be sent again
      const subscribe = await ws.request('balanceSpot_subscribe', ['BTC']);
      assert.deepEqual(subscribe.error, {
        code: 3,
        message:
          'service unavailable: the venue takes no writes for now and did not apply this request: send it again later',
      });
      const refusedNow = await orderCall(ws, 'order_limit_place', {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.001',
        price: '40003',
      });
      assert.deepEqual(refusedNow.error, {
        code: 3,
        message:
          'service unavailable: the venue takes no writes for now and did not apply this request: send it again later',
      });
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
      await ws.close();
    }
    // once the store answers, the venue takes writes again by itself, rebuilt from the store once the
    // commit it gave up on is known: that one landed (the lock only held it back); the one queued
    // behind it was never written, nor anything refused meanwhile
    let placed: unknown;
    for (const until = Date.now() + 20_000; placed === undefined && Date.now() < until;) {
      placed = await me
        .orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '40004' })
        .catch(() => new Promise((r) => setTimeout(() => r(undefined), 200)));
    }
    assert.ok(placed !== undefined, 'writes again after the lock is gone');
    const prices = (await me.activeOrders({ market: 'BTC_USDT' })).map((o) => o.price).sort();
    assert.deepEqual(prices, ['40002', '40004']);
    const journal = new pg.Client({ connectionString: db.url });
    await journal.connect();
    try {
      const { rows } = await journal.query<{ seq: string }>('select max(seq) as seq from journal');
      assert.equal(Number(rows[0]!.seq), server.server.venue.status.seq, 'the venue holds what the journal holds');
    } finally {
      await journal.end();
    }
  });

  test('a revocation given up on lands once the store answers: the venue is rebuilt with it, not before it', async () => {
    const { client, apiKey } = await server.user('heldrevoked', { permissions: ['trading'] });
    assert.ok(Array.isArray(await client.activeOrders({ market: 'BTC_USDT' })));
    const locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    await locker.query('BEGIN');
    // writes to the keys wait; reads of them do not, so a rebuild could read the key as it was
    await locker.query('LOCK TABLE api_keys IN EXCLUSIVE MODE');
    let unlocked = false;
    try {
      const revoked = await server.admin('DELETE', `/admin/v1/api-keys/${apiKey}`);
      assert.equal(revoked.status, 503, JSON.stringify(revoked.body));
      // the venue recovers meanwhile as far as it can; the revocation is still held
      await new Promise((r) => setTimeout(r, 1_000));
      await locker.query('ROLLBACK');
      unlocked = true;
    } finally {
      if (!unlocked) await locker.query('ROLLBACK');
      await locker.end();
    }
    // once taking writes again, the venue holds what the store holds: the key is revoked
    let answer: unknown;
    for (const until = Date.now() + 20_000; Date.now() < until;) {
      answer = await client.activeOrders({ market: 'BTC_USDT' }).catch((e: unknown) => e);
      if (!(answer instanceof TxcError && answer.status === 503)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(answer instanceof TxcError && answer.status === 401, String(answer));
  });
});
