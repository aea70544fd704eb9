import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { SQLITE_FILE } from '../../src/store/store-location.js';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';

describe('finished-order records written by an earlier version', () => {
  it('a triggered stop recorded without its activation time shows its finishing time as activated', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'txc-older-records-'));
    let server = await TestServer.start({ database: 'sqlite' }, dir);
    const alice = await trader(server, 'alice', { USDT: '100000', BTC: '5' });
    const { apiKey, apiSecret } = await server.user('carol', { deposits: { USDT: '100000' } });
    const carol = server.client(apiKey, apiSecret);
    await carol.transfer({ ticker: 'USDT', amount: '100000', from: 'main', to: 'spot' });
    const bob = await trader(server, 'bob', { USDT: '100000', BTC: '5' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '50000' });
    await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '50000' });
    const stop = await carol.orderStopMarket({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '5100',
      activation_price: '51000',
    });
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.2', price: '51000' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '51000' });
    await server.stop({ keepData: true });

    const store = new Database(join(dir, SQLITE_FILE));
    const row = store.prepare('select data from finished_orders where order_id = ?').get(stop.order_id) as {
      data: string;
    };
    // before the time was kept, a triggered stop's record said activated 1
    const older = row.data.replace(/,"activated":[0-9]+/, ',"activated":1');
    assert.notEqual(older, row.data);
    store.prepare('update finished_orders set data = ? where order_id = ?').run(older, stop.order_id);
    store.close();

    server = await TestServer.start({ database: 'sqlite' }, dir);
    try {
      const [done] = (await server.client(apiKey, apiSecret).orderHistory({ orderId: stop.order_id })).BTC_USDT ?? [];
      assert.equal(done?.status, 'FILLED');
      assert.equal(done.activated, done.ftime);
    } finally {
      await server.stop();
    }
  });

  it('a cancel recorded before reasons were kept reads as a plain cancel once the store is migrated', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'txc-older-records-'));
    let server = await TestServer.start({ database: 'sqlite' }, dir);
    const { client: alice, apiKey, apiSecret } = await server.user('alice', { deposits: { BTC: '1', USDT: '10000' } });
    await alice.transfer({ ticker: 'BTC', amount: '1', from: 'main', to: 'spot' });
    await alice.transfer({ ticker: 'USDT', amount: '10000', from: 'main', to: 'spot' });
    await alice.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '50000' });
    const both = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '50000', stp: 'cb' });
    assert.equal((await alice.orderHistory({ orderId: both.order_id })).BTC_USDT?.[0]?.status, 'CANCELED_STP');
    await server.stop({ keepData: true });

    // the store as a txc before the reasons left it: no column, its migration not yet run
    const store = new Database(join(dir, SQLITE_FILE));
    store.exec('alter table finished_orders drop column cancel_reason');
    store.prepare('delete from kysely_migration where name = ?').run('0014-cancel-reasons');
    store.close();

    server = await TestServer.start({ database: 'sqlite' }, dir);
    try {
      const history = await server.client(apiKey, apiSecret).orderHistory({ orderId: both.order_id });
      assert.equal(history.BTC_USDT?.[0]?.status, 'CANCELLED');
    } finally {
      await server.stop();
    }
  });
});
