import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { collateralServer, collateralTrader, OCO_BUY as BUY } from '../support/collateral.js';
import type { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';
import { authorizedSocket } from '../support/ws-account.js';
import type { WsTestClient } from '../support/ws-client.js';
import {
  assertOrderShape,
  placed,
  refused,
  restFigures,
  wsFigures,
  type RestOrder,
  type WsOrder,
} from '../support/ws-orders.js';

type Group = { type: string; id: number; stop_loss: WsOrder; take_profit: WsOrder };
type Pending = [number, WsOrder];

async function placeGroup(ws: WsTestClient, params: Record<string, unknown>): Promise<Group> {
  return (await placed(ws, 'collateral_order_oco_place', params)) as unknown as Group;
}

/** The `ordersPending_update` pushes that arrived since `from`, every command applied so far included. */
async function pendingSince(ws: WsTestClient, from: number): Promise<Pending[]> {
  await ws.sync();
  return ws
    .pushes('ordersPending_update')
    .slice(from)
    .map((p) => p.params as Pending);
}

/** event, id, status, activated (for a stop) and left of each push: what a client upserts by id. */
function told(updates: readonly Pending[]): unknown[] {
  return updates.map(([event, o]) => [event, o.id, o.status, o.activated ?? null, o.left]);
}

describe('WebSocket collateral_order_oco_place and the ordersPending pushes of OCO legs', () => {
  let server: TestServer;
  let bob: TxcClient;
  let carl: TxcClient;

  /** A collateral trader with an authorized socket following its BTC_USDT orders. */
  async function follower(name: string): Promise<{ client: TxcClient; ws: WsTestClient }> {
    const client = await collateralTrader(server, name, { USDT: '10000' });
    const ws = await authorizedSocket(server.url, client);
    await ws.call('ordersPending_subscribe', ['BTC_USDT']);
    return { client, ws };
  }

  /** A trade between bob and carl at `price`, the last price from then on. */
  async function lastPrice(price: string): Promise<void> {
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price });
    await carl.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price });
  }

  before(async () => {
    server = await collateralServer();
    bob = await trader(server, 'bob', { USDT: '1000000', BTC: '10' });
    carl = await trader(server, 'carl', { USDT: '1000000', BTC: '10' });
    await lastPrice('60000');
  });
  after(() => server.stop());

  test('answers the group as the spec shows it: type "oco", its id, the stop-loss (9) and take-profit (7) legs', async () => {
    const { client, ws } = await follower('ocows-shape');
    const group = await placeGroup(ws, { ...BUY, limit_client_order_id: 'tp-1', stop_client_order_id: 'sl-1' });
    assert.deepEqual(Object.keys(group), ['type', 'id', 'stop_loss', 'take_profit']);
    const { stop_loss: stop, take_profit: limit } = group;
    assertOrderShape(stop);
    assertOrderShape(limit);
    assert.deepEqual(
      [group.type, stop.id, limit.id, stop.type, limit.type, stop.client_order_id, limit.client_order_id],
      ['oco', group.id + 1, group.id + 2, 9, 7, 'sl-1', 'tp-1'],
    );
    assert.deepEqual(
      [stop.price, stop.activation_price, stop.activation_condition, stop.activated, stop.status, stop.side],
      ['61500', '61000', 'gte', 0, 'OPEN', 2],
    );
    assert.deepEqual([limit.price, limit.amount, limit.left, limit.status], ['59000', '0.01', '0.01', 'OPEN']);
    // the legs are the orders REST lists, figure for figure
    const open = (await client.activeOrders({ market: 'BTC_USDT' })) as unknown as RestOrder[];
    for (const leg of [stop, limit]) {
      const listed = open.find((o) => o.orderId === leg.id);
      assert.ok(listed !== undefined, `leg ${leg.id} listed`);
      assert.deepEqual(wsFigures(leg), restFigures(listed));
    }
    const rest = (await client.ocoOrders({ market: 'BTC_USDT' })) as { id: number }[];
    assert.deepEqual(
      rest.map((g) => g.id),
      [group.id],
    );
    // either leg's client id finds the group
    await client.orderOcoCancel({ market: 'BTC_USDT', clientOrderId: 'sl-1' });
    await ws.close();
  });

  test('every refusal in the order methods’ codes: 1 naming the param, 19, 161, 151, 101, 43, 17, 116, 11', async () => {
    const { client, ws } = await follower('ocows-refused');
    const method = 'collateral_order_oco_place';
    await refused(ws, method, {}, 1, 'invalid argument: market: ');
    await refused(ws, method, { ...BUY, market: 'NOPE_USDT' }, 1, 'invalid argument: market does not exist');
    await refused(ws, method, { ...BUY, market: 'XRP_USDT' }, 19, 'market is not margin market');
    await refused(ws, method, { ...BUY, stop_limit_price: undefined }, 1, 'invalid argument: stop_limit_price: ');
    await refused(ws, method, { ...BUY, activation_price: 'x' }, 1, 'invalid argument: activation_price: ');
    await refused(ws, method, { ...BUY, side: 'up' }, 1, 'invalid argument: side: ');
    await refused(ws, method, { ...BUY, position_side: 'UP' }, 1, 'invalid argument: position_side: ');
    await refused(ws, method, { ...BUY, reduce_only: 'yes' }, 1, 'invalid argument: reduce_only: ');
    await refused(ws, method, { ...BUY, stp: 'never' }, 1, 'invalid argument: stp: ');
    await refused(
      ws,
      method,
      { ...BUY, limit_client_order_id: 'not ok!' },
      1,
      'invalid argument: limit_client_order_id: ',
    );
    await refused(ws, method, { ...BUY, stop_client_order_id: 'x'.repeat(300) }, 1, 'invalid argument: stop_client');
    await refused(
      ws,
      method,
      { ...BUY, limit_client_order_id: 'same', stop_client_order_id: 'same' },
      1,
      'invalid argument: limit_client_order_id and stop_client_order_id cannot be equal',
    );
    await refused(ws, method, { ...BUY, price: '61000' }, 161, 'conditional order validation');
    await refused(ws, method, { ...BUY, price: '58000', activation_price: '59000' }, 151, 'wrong activation price');
    await refused(ws, method, { ...BUY, activation_price: '60000' }, 101, 'activation price equals last price');
    await refused(ws, method, { ...BUY, amount: '5' }, 17, 'user margin balance not enough');
    await refused(ws, method, { ...BUY, reduce_only: true }, 116, 'reduce-only order has no position');
    await refused(ws, method, { ...BUY, amount: '0.00001' }, 11, 'amount too small');
    await client.collateralLimit({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '50000',
      clientOrderId: 'used',
    });
    await refused(ws, method, { ...BUY, stop_client_order_id: 'used' }, 43, 'client order id already exists');
    const open = await client.activeOrders({ market: 'BTC_USDT' });
    assert.deepEqual(
      open.map((o) => o.clientOrderId),
      ['used'],
    );
    assert.deepEqual(await client.ocoOrders({}), []);
    await ws.close();
  });

  test('placing pushes both legs as new (1) before the answer; a partial fill pushes the limit leg (2) and the stop leg finished (3)', async () => {
    const { client, ws } = await follower('ocows-fill');
    const answer = ws.request('collateral_order_oco_place', [BUY]);
    const group = (await answer).result as Group;
    const { stop_loss: stop, take_profit: limit } = group;
    const placing = await pendingSince(ws, 0);
    assert.deepEqual(told(placing), [
      [1, stop.id, 'OPEN', 0, '0.01'],
      [1, limit.id, 'OPEN', null, '0.01'],
    ]);
    // the pushes carry the orders the answer carries
    assert.deepEqual(placing[0]?.[1], stop);
    assert.deepEqual(placing[1]?.[1], limit);
    const answered = ws.texts.findIndex((t) => t.includes('"result":{"type":"oco"'));
    assert.ok(answered > ws.texts.findIndex((t) => t.includes(`"id":${limit.id},`)), 'pushes before the answer');

    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.004', price: '59000' });
    const fill = await pendingSince(ws, placing.length);
    assert.deepEqual(
      told(fill).sort(),
      [
        [2, limit.id, 'PARTIALLY_FILLED', null, '0.006'],
        [3, stop.id, 'CANCELED', 0, '0.01'],
      ].sort(),
    );
    await client.orderCancel({ market: 'BTC_USDT', orderId: limit.id });
    assert.deepEqual(told((await pendingSince(ws, placing.length + fill.length)).slice()), [
      [3, limit.id, 'CANCELED', null, '0.006'],
    ]);
    await lastPrice('60000');
    await ws.close();
  });

  test('a limit leg that takes on arrival: the stop leg is one push, finished (3), and the answer shows it cancelled', async () => {
    const { client, ws } = await follower('ocows-arrival');
    await carl.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.004', price: '60600' });
    const sell = { ...BUY, side: 'sell', price: '60500', activation_price: '59000', stop_limit_price: '58500' };
    const { stop_loss: stop, take_profit: limit } = await placeGroup(ws, sell);
    assert.deepEqual(
      [stop.status, stop.activation_condition, limit.status, limit.left, limit.deal_stock],
      ['CANCELED', 'lte', 'PARTIALLY_FILLED', '0.006', '0.004'],
    );
    const placing = await pendingSince(ws, 0);
    // in the order the command touched them: the limit leg's trade, then the stop leg it cancelled
    assert.deepEqual(told(placing), [
      [1, limit.id, 'PARTIALLY_FILLED', null, '0.006'],
      [3, stop.id, 'CANCELED', 0, '0.01'],
    ]);
    assert.deepEqual(
      placing.map(([, o]) => o),
      [limit, stop],
    );
    await client.orderCancel({ market: 'BTC_USDT', orderId: limit.id });
    await lastPrice('60000');
    await ws.close();
  });

  test('a full fill of the limit leg pushes it filled (3, left "0") and the stop leg cancelled (3)', async () => {
    const { ws } = await follower('ocows-filled');
    const { stop_loss: stop, take_profit: limit } = await placeGroup(ws, BUY);
    const before = (await pendingSince(ws, 0)).length;
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '59000' });
    assert.deepEqual(
      told(await pendingSince(ws, before)).sort(),
      [
        [3, limit.id, 'FILLED', null, '0'],
        [3, stop.id, 'CANCELED', 0, '0.01'],
      ].sort(),
    );
    await ws.close();
  });

  test('order_cancel_conditional cancels the group: both legs CANCELED at one mtime, each pushed finished (3)', async () => {
    const { ws } = await follower('ocows-cancel');
    const group = await placeGroup(ws, BUY);
    const before = (await pendingSince(ws, 0)).length;
    const answer = (await ws.call('order_cancel_conditional', [{ market: 'BTC_USDT', order_id: group.id }])) as Group;
    assert.deepEqual(Object.keys(answer), ['type', 'id', 'stop_loss', 'take_profit']);
    const { stop_loss: stop, take_profit: limit } = answer;
    assert.deepEqual(
      [answer.type, answer.id, stop.id, stop.status, limit.id, limit.status, stop.mtime],
      ['oco', group.id, group.stop_loss.id, 'CANCELED', group.take_profit.id, 'CANCELED', limit.mtime],
    );
    const cancelled = await pendingSince(ws, before);
    assert.deepEqual(
      told(cancelled).sort(),
      [
        [3, stop.id, 'CANCELED', 0, '0.01'],
        [3, limit.id, 'CANCELED', null, '0.01'],
      ].sort(),
    );
    for (const [, o] of cancelled) assert.deepEqual(o, o.id === stop.id ? stop : limit);
    // gone: as any group that is not the user's live one
    await refused(ws, 'order_cancel_conditional', { market: 'BTC_USDT', order_id: group.id }, 6, 'order not found');
    await refused(ws, 'order_cancel_conditional', { market: 'XRP_USDT', order_id: 1 }, 19, 'market is not margin');
    await refused(
      ws,
      'order_cancel_conditional',
      { market: 'BTC_USDT', order_id: 'x' },
      1,
      'invalid argument: order_id',
    );
    await ws.close();
  });

  test('a trade at the trigger pushes the stop leg new again (1, same id, activated) and the limit leg cancelled (3)', async () => {
    const { client, ws } = await follower('ocows-trigger');
    const { stop_loss: stop, take_profit: limit } = await placeGroup(ws, BUY);
    const before = (await pendingSince(ws, 0)).length;
    await lastPrice('61000');
    const triggered = await pendingSince(ws, before);
    assert.deepEqual(
      told(triggered).sort(),
      [
        [1, stop.id, 'OPEN', 1, '0.01'],
        [3, limit.id, 'CANCELED', null, '0.01'],
      ].sort(),
    );
    // §7.4: no 3 before the stop's second 1, its type and status unchanged
    const activated = triggered.find(([, o]) => o.id === stop.id)?.[1];
    assert.deepEqual([activated?.type, activated?.status, activated?.price], [9, 'OPEN', '61500']);
    await client.orderCancel({ market: 'BTC_USDT', orderId: stop.id });
    await lastPrice('60000');
    await ws.close();
  });
});
