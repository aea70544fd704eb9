import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import type { TxcClient } from '@txc/sdk';
import { createTestDatabase, postgresSkipReason, type TestDatabase } from '../support/postgres.js';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';
import { WsTestClient } from '../support/ws-client.js';

/** How long the test watches for a push that must not come while the commit is held. */
const HOLD_MS = 800;

const skip = await postgresSkipReason();

describe('WebSocket pushes wait for the group commit (PostgreSQL)', { skip }, () => {
  let db: TestDatabase;
  let server: TestServer;
  let maker: TxcClient;
  let taker: TxcClient;

  before(async () => {
    db = await createTestDatabase();
    server = await TestServer.start({ database: db.url });
    maker = await trader(server, 'heldmaker', { BTC: '10', USDT: '1000000' });
    taker = await trader(server, 'heldtaker', { BTC: '10', USDT: '1000000' });
  });
  after(async () => {
    await server.stop();
    await db.drop();
  });

  test('while the journal is locked no trade is pushed; once the commit lands, it is', async () => {
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '50000' });
    const ws = await WsTestClient.connect(server.url);
    await ws.call('trades_subscribe', ['BTC_USDT']);
    await ws.call('depth_subscribe', ['BTC_USDT', 10, '0', true]);
    await ws.call('bookTicker_subscribe', ['BTC_USDT']);
    await ws.nextPush('trades_update');
    await ws.nextPush('depth_update');
    await ws.nextPush('bookTicker_update');
    const before = ws.texts.length;

    const locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE journal IN ACCESS EXCLUSIVE MODE');
    let answered = false;
    const order = taker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '50000' }).then((o) => {
      answered = true;
      return o;
    });
    // the trade is applied in memory at once; only its commit waits for the lock
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    assert.equal(answered, false, 'the order is not answered before its commit');
    assert.deepEqual(ws.texts.slice(before), [], 'nothing is pushed before the commit');
    assert.equal((await ws.request('ping')).result, 'pong', 'the socket itself is not held');

    await locker.query('COMMIT');
    await locker.end();
    await order;
    const update = await ws.nextPush('trades_update');
    const [, trades] = update.params as [string, { price: string }[]];
    assert.equal(trades[0]?.price, '50000');
    assert.equal((await ws.nextPush('bookTicker_update')).method, 'bookTicker_update');
    assert.equal(((await ws.nextPush('depth_update')).params as [boolean])[0], false);
    await ws.close();
  });
});
