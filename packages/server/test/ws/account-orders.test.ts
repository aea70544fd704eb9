import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Order, TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';
import { authorizedSocket } from '../support/ws-account.js';
import type { WsTestClient } from '../support/ws-client.js';
import { ORDER_KEYS, STOP_KEYS } from '../support/ws-orders.js';

const EXECUTED_KEYS = [
  'id',
  'ctime',
  'ftime',
  'mtime',
  'market',
  'source',
  'type',
  'side',
  'post_only',
  'ioc',
  'price',
  'amount',
  'left',
  'deal_stock',
  'deal_money',
  'deal_fee',
  'client_order_id',
  'stp',
  'status',
  'position_side',
  'rpi',
  'reduce_only',
  'fee_asset',
];

type WsOrder = Record<string, unknown> & { id: number; ctime: number; mtime: number };
type PendingUpdate = [number, WsOrder];

/** The figures an order shows both in REST and in the stream. */
function figures(o: Order): Record<string, unknown> {
  return {
    id: o.orderId,
    market: o.market,
    price: o.price,
    amount: o.amount,
    left: o.left,
    deal_stock: o.dealStock,
    deal_money: o.dealMoney,
    deal_fee: o.dealFee,
    client_order_id: o.clientOrderId,
  };
}

function pick(o: WsOrder): Record<string, unknown> {
  const { id, market, price, amount, left, deal_stock, deal_money, deal_fee, client_order_id } = o;
  return { id, market, price, amount, left, deal_stock, deal_money, deal_fee, client_order_id };
}

async function pending(ws: WsTestClient): Promise<PendingUpdate[]> {
  await ws.sync();
  return ws.pushes('ordersPending_update').map((p) => p.params as PendingUpdate);
}

describe('WebSocket account streams: ordersPending, ordersExecuted, deals', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;
  let carol: TxcClient;

  before(async () => {
    server = await TestServer.start();
    alice = await trader(server, 'alice', { BTC: '5', ETH: '10', USDT: '500000' });
    bob = await trader(server, 'bob', { BTC: '5', ETH: '10', USDT: '500000' });
    carol = await trader(server, 'carol', { BTC: '5', ETH: '10', USDT: '500000' });
  });
  after(async () => {
    await server.stop();
  });

  test('ordersPending: 1 on placing, 2 on a partial fill, 3 on cancel; a fill on arrival is one 3', async () => {
    const a = await authorizedSocket(server.url, alice);
    const b = await authorizedSocket(server.url, bob);
    assert.deepEqual(await a.call('ordersPending_subscribe', ['BTC_USDT']), { status: 'success' });
    await b.call('ordersPending_subscribe', ['BTC_USDT', 'ETH_USDT']);

    const placed = await alice.orderNew({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.5',
      price: '40000',
      clientOrderId: 'a-1',
    });
    const [[event, order]] = (await pending(a)) as [PendingUpdate];
    assert.equal(event, 1);
    assert.deepEqual(Object.keys(order), ORDER_KEYS);
    assert.deepEqual(pick(order), figures(placed));
    assert.deepEqual(
      { ...order, ctime: 0, mtime: 0 },
      {
        ...order,
        ctime: 0,
        mtime: 0,
        type: 1,
        side: 2,
        post_only: false,
        ioc: false,
        stp: 'no',
        status: 'OPEN',
        position_side: 'BOTH',
        rpi: false,
        reduce_only: false,
      },
    );
    assert.equal(order.ctime, placed.timestamp);
    assert.match(a.texts.at(-2) as string, /"ctime":[0-9]{10}(\.[0-9]{1,6})?,"mtime":/);

    const sold = await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.2', price: '40000' });
    const mine = await pending(a);
    assert.equal(mine.length, 2);
    const [updated, partial] = mine[1] as PendingUpdate;
    assert.equal(updated, 2);
    const [active] = await alice.activeOrders({ market: 'BTC_USDT' });
    assert.ok(active !== undefined);
    assert.deepEqual(pick(partial), figures(active));
    assert.equal(partial.status, 'PARTIALLY_FILLED');
    assert.equal(partial.left, '0.3');
    assert.ok(partial.mtime >= partial.ctime);
    // the taker filled on arrival: one event 3, nothing before it
    const theirs = await pending(b);
    assert.deepEqual(
      theirs.map(([e]) => e),
      [3],
    );
    assert.deepEqual(pick((theirs[0] as PendingUpdate)[1]), { ...figures(sold), left: '0' });
    assert.equal((theirs[0] as PendingUpdate)[1].status, 'FILLED');

    const request = (await a.call('ordersPending_request', ['BTC_USDT', 0, 10])) as {
      limit: number;
      offset: number;
      total: number;
      records: WsOrder[];
    };
    assert.deepEqual(Object.keys(request), ['limit', 'offset', 'total', 'records']);
    assert.deepEqual(
      { ...request, records: request.records.map(pick) },
      {
        limit: 10,
        offset: 0,
        total: 1,
        records: [figures(active)],
      },
    );

    const cancelled = await alice.orderCancel({ market: 'BTC_USDT', orderId: placed.orderId });
    const [finished, gone] = (await pending(a))[2] as PendingUpdate;
    assert.equal(finished, 3);
    assert.equal(gone.status, 'CANCELED');
    assert.equal(gone.left, '0.3', 'a cancelled order shows what was left of it');
    assert.deepEqual(pick(gone), figures(cancelled));
    assert.equal((await pending(b)).length, 1, 'bob sees nothing of alice’s orders');
    await a.close();
    await b.close();
  });

  test('ordersPending: a stop is new when placed and new again, same id, when it triggers', async () => {
    const a = await authorizedSocket(server.url, alice);
    await a.call('ordersPending_subscribe', []);
    const stop = await alice.orderStopLimit({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.1',
      price: '41000',
      activation_price: '41000',
    });
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '41000' });
    await carol.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '41000' });
    const updates = await pending(a);
    assert.deepEqual(
      updates.map(([e, o]) => [e, o.id]),
      [
        [1, stop.orderId],
        [1, stop.orderId],
      ],
    );
    const [[, waiting], [, triggered]] = updates as [PendingUpdate, PendingUpdate];
    assert.deepEqual(Object.keys(waiting), STOP_KEYS);
    assert.deepEqual(
      [waiting.type, waiting.activation_price, waiting.activation_condition, waiting.activated],
      [3, '41000', 'gte', 0],
    );
    assert.deepEqual([triggered.type, triggered.status, triggered.activated], [3, 'OPEN', 1]);
    await alice.orderCancel({ market: 'BTC_USDT', orderId: stop.orderId });
    await a.close();
  });

  test('ordersExecuted: each finished order of the markets and types followed; request pages the history', async () => {
    const all = await authorizedSocket(server.url, alice);
    const marketOnly = await authorizedSocket(server.url, alice);
    assert.deepEqual(await all.call('ordersExecuted_subscribe', [['BTC_USDT'], 0]), { status: 'success' });
    await marketOnly.call('ordersExecuted_subscribe', [[], 2]);
    const resting = await alice.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.05', price: '60000' });
    await alice.orderCancel({ market: 'BTC_USDT', orderId: resting.orderId });
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '45000' });
    const bought = await alice.orderMarket({ market: 'BTC_USDT', side: 'buy', amount: '450' });
    await all.sync();
    await marketOnly.sync();
    const done = all.pushes('ordersExecuted_update').map((p) => (p.params as [WsOrder])[0]);
    assert.deepEqual(
      done.map((o) => [o.id, o.type, o.status]),
      [
        [resting.orderId, 1, 'CANCELED'],
        [bought.orderId, 2, 'FILLED'],
      ],
    );
    assert.deepEqual(Object.keys(done[0] as WsOrder), EXECUTED_KEYS);
    assert.deepEqual(
      marketOnly.pushes('ordersExecuted_update').map((p) => (p.params as [WsOrder])[0].id),
      [bought.orderId],
    );
    const history = await alice.orderHistory({ market: 'BTC_USDT', limit: 2 });
    const rest = (history as Record<string, Record<string, unknown>[]>).BTC_USDT ?? [];
    const answer = (await all.call('ordersExecuted_request', [{ market: 'BTC_USDT', order_types: [] }, 0, 2])) as {
      records: WsOrder[];
    };
    assert.deepEqual(
      answer.records.map((o) => [o.id, o.amount, o.deal_money, o.deal_fee, o.fee_asset]),
      rest.map((o) => [o.id, o.amount, o.dealMoney, o.dealFee, o.feeAsset]),
    );
    assert.deepEqual(answer.records, done.slice().reverse());
    const limits = (await all.call('ordersExecuted_request', [{ market: 'BTC_USDT', order_types: [1] }, 0, 100])) as {
      records: WsOrder[];
    };
    assert.ok(limits.records.length > 0 && limits.records.every((o) => o.type === 1));
    await all.close();
    await marketOnly.close();
  });

  test('deals: one tuple a fill for each side that follows it; request with the counter-order', async () => {
    const a = await authorizedSocket(server.url, alice);
    const b = await authorizedSocket(server.url, bob);
    assert.deepEqual(await a.call('deals_subscribe', [['BTC_USDT']]), { status: 'success' });
    await b.call('deals_subscribe', [[]]);
    const maker = await alice.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.03', price: '46000' });
    const taker = await bob.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.03', price: '46000' });
    await a.sync();
    await b.sync();
    const [mine] = a.pushes('deals_update').map((p) => p.params as unknown[]);
    const [theirs] = b.pushes('deals_update').map((p) => p.params as unknown[]);
    assert.ok(mine !== undefined && theirs !== undefined);
    const [rest] = (await alice.executedHistory({ market: 'BTC_USDT', limit: 1 })) as unknown as [
      Record<string, unknown>,
    ];
    assert.deepEqual(mine, [
      rest.id,
      rest.time,
      'BTC_USDT',
      maker.orderId,
      '46000',
      '0.03',
      rest.fee,
      '',
      1,
      1,
      'USDT',
    ]);
    assert.deepEqual([theirs[0], theirs[3], theirs[8], theirs[9], theirs[10]], [rest.id, taker.orderId, 2, 2, 'USDT']);
    assert.equal(typeof mine[1], 'number');
    const answer = (await a.call('deals_request', ['BTC_USDT', 0, 1])) as {
      limit: number;
      offset: number;
      records: Record<string, unknown>[];
    };
    assert.deepEqual(answer, {
      limit: 1,
      offset: 0,
      records: [
        {
          time: rest.time,
          id: rest.id,
          side: 1,
          role: 1,
          price: '46000',
          amount: '0.03',
          deal: rest.deal,
          fee: rest.fee,
          order_id: maker.orderId,
          deal_order_id: taker.orderId,
          market: 'BTC_USDT',
          client_order_id: '',
          fee_asset: 'USDT',
        },
      ],
    });
    // an ETH trade: bob follows every market, alice only BTC_USDT
    await alice.orderNew({ market: 'ETH_USDT', side: 'sell', amount: '0.1', price: '3000' });
    await bob.orderNew({ market: 'ETH_USDT', side: 'buy', amount: '0.1', price: '3000' });
    await a.sync();
    await b.sync();
    assert.equal(a.pushes('deals_update').length, 1);
    assert.equal(b.pushes('deals_update').length, 2);
    await a.close();
    await b.close();
  });

  test('bad params: code 1', async () => {
    const a = await authorizedSocket(server.url, alice);
    for (const [method, params] of [
      ['ordersPending_subscribe', ['NOPE_USDT']],
      ['ordersPending_request', ['BTC_USDT', 0, 101]],
      ['ordersPending_request', []],
      ['ordersExecuted_subscribe', ['BTC_USDT', 0]],
      ['ordersExecuted_subscribe', [['BTC_USDT'], 3]],
      ['ordersExecuted_request', ['BTC_USDT', 0, 10]],
      ['ordersExecuted_request', [{ market: 'BTC_USDT', order_types: ['limit'] }, 0, 10]],
      ['deals_subscribe', ['BTC_USDT']],
      ['deals_request', ['BTC_USDT', -1, 10]],
      ['deals_unsubscribe', ['BTC_USDT']],
    ] as const) {
      const answer = await a.request(method, [...params]);
      assert.equal(answer.error?.code, 1, `${method} ${JSON.stringify(params)}`);
    }
    await a.close();
  });
});
