import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';
import type { WsTestClient } from '../support/ws-client.js';
import { authorizedSocket, placed, refused } from '../support/ws-orders.js';

describe('WebSocket order_modify: the order entry of order/modify', () => {
  let server: TestServer;
  let me: TxcClient;
  let ws: WsTestClient;

  before(async () => {
    server = await TestServer.start();
    me = await trader(server, 'wsmodifier', { BTC: '1', USDT: '100000' });
    ws = await authorizedSocket(server, me);
  });
  after(async () => {
    await ws.close();
    await server.stop();
  });

  test('answers the replacement with a new id; REST then lists only it', async () => {
    const old = await me.orderNew({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '40000',
      clientOrderId: 'wm-1',
    });
    const order = await placed(ws, 'order_modify', { market: 'BTC_USDT', order_id: old.orderId, price: '39000.5' });
    assert.notEqual(order.id, old.orderId);
    assert.deepEqual([order.price, order.amount, order.client_order_id], ['39000.5', '0.01', 'wm-1']);
    const open = await me.activeOrders({ market: 'BTC_USDT' });
    assert.deepEqual(
      open.map((o) => [o.orderId, o.price]),
      [[order.id, '39000.5']],
    );
    // by the client's id, which stays with the order
    const again = await placed(ws, 'order_modify', { market: 'BTC_USDT', client_order_id: 'wm-1', amount: '0.02' });
    assert.deepEqual([again.amount, again.price], ['0.02', '39000.5']);
    await me.orderCancelAll({ market: 'BTC_USDT' });
  });

  test('refusals in the socket codes, the order left as it was', async () => {
    const o = await me.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '40000' });
    await refused(
      ws,
      'order_modify',
      { market: 'BTC_USDT', price: '1' },
      1,
      'invalid argument: order_id or client_order_id',
    );
    await refused(ws, 'order_modify', { order_id: o.orderId, price: '1' }, 1, 'invalid argument: market is required');
    await refused(ws, 'order_modify', { market: 'BTC_USDT', order_id: 999_999, price: '40000' }, 6, 'order not found');
    await refused(
      ws,
      'order_modify',
      { market: 'BTC_USDT', order_id: o.orderId, amount: '100' },
      10,
      'balance not enough',
    );
    await refused(ws, 'order_modify', { market: 'BTC_USDT', order_id: o.orderId, total: '100' }, 162, 'total cannot');
    await refused(ws, 'order_modify', { market: 'BTC_USDT', order_id: o.orderId }, 1, 'invalid argument: amount');
    const open = await me.activeOrders({ market: 'BTC_USDT' });
    assert.deepEqual(
      open.map((x) => [x.orderId, x.price, x.amount]),
      [[o.orderId, '40000', '0.01']],
    );
  });
});
