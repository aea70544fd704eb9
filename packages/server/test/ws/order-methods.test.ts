import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { collateralServer } from '../support/collateral.js';
import type { TestServer } from '../support/test-server.js';
import type { WsTestClient } from '../support/ws-client.js';
import {
  assertOrderShape,
  authorizedSocket,
  placed,
  restFigures,
  wsFigures,
  type RestOrder,
  type WsOrder,
} from '../support/ws-orders.js';

/** A user funded in its spot and collateral accounts. */
async function funded(server: TestServer, name: string): Promise<TxcClient> {
  const spot = { BTC: '10', USDT: '1000000' };
  const { client } = await server.user(name, { deposits: { BTC: '10', USDT: '1200000' } });
  for (const [ticker, amount] of Object.entries(spot))
    await client.transfer({ ticker, amount, from: 'main', to: 'spot' });
  await client.transfer({ ticker: 'USDT', amount: '200000', from: 'main', to: 'collateral' });
  return client;
}

/** The same order placed through REST and through the socket answers the same figures, flags and state. */
function twins(ws: WsOrder, rest: unknown): void {
  assertOrderShape(ws);
  assert.deepEqual(wsFigures(ws), restFigures(rest as RestOrder));
}

describe('WebSocket order methods: each places the order its REST endpoint places', () => {
  let server: TestServer;
  let maker: TxcClient;
  let me: TxcClient;
  let ws: WsTestClient;

  before(async () => {
    server = await collateralServer();
    maker = await funded(server, 'wsmaker');
    me = await funded(server, 'wsplacer');
    ws = await authorizedSocket(server, me);
    // last prices for the stops: 50 000 on BTC_USDT, 60 000 on BTC_PERP
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '50000' });
    await me.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '50000' });
    await maker.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.001', price: '60000' });
    await me.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.001', price: '60000' });
  });
  after(async () => {
    await ws.close();
    await server.stop();
  });

  test('order_limit_place: the order REST places, and the one REST then lists', async () => {
    const params = { market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '49000.50', stp: 'cancel_old' };
    const order = await placed(ws, 'order_limit_place', { ...params, client_order_id: 'ws-limit-1', post_only: true });
    const rest = await me.orderNew({ ...params, stp: 'co', clientOrderId: 'rest-limit-1', postOnly: true });
    twins(order, rest);
    assert.deepEqual([order.type, order.side, order.price, order.status], [1, 2, '49000.5', 'OPEN']);
    assert.equal(order.client_order_id, 'ws-limit-1');
    assert.equal(order.mtime, order.ctime);
    const listed = (await me.activeOrders({ market: 'BTC_USDT' })).find((o) => o.orderId === order.id);
    assert.ok(listed !== undefined);
    assert.deepEqual(wsFigures(order), restFigures(listed as unknown as RestOrder));
    assert.equal(listed.clientOrderId, 'ws-limit-1');
    assert.ok(Math.abs(listed.timestamp - order.ctime) < 1e-5);
  });

  test('order_market_place (money on a buy) and order_market_stock_place fill as REST’s do', async () => {
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.04', price: '50100' });
    const byMoney = { market: 'BTC_USDT', side: 'buy', amount: '501' };
    twins(await placed(ws, 'order_market_place', byMoney), await me.orderMarket(byMoney));
    const byStock = { market: 'BTC_USDT', side: 'buy', amount: '0.01' };
    const order = await placed(ws, 'order_market_stock_place', byStock);
    twins(order, await me.orderStockMarket(byStock));
    assert.deepEqual([order.type, order.status, order.deal_stock, order.left], [202, 'FILLED', '0.01', '0']);
    assert.ok(order.mtime >= order.ctime);
  });

  test('order_stop_limit_place and order_stop_market_place: conditional orders with their activation', async () => {
    const stopLimit = { market: 'BTC_USDT', side: 'buy', amount: '0.01', activation_price: '51000', price: '51500' };
    const order = await placed(ws, 'order_stop_limit_place', stopLimit);
    twins(order, await me.orderStopLimit(stopLimit));
    assert.deepEqual([order.type, order.activated, order.activation_condition], [3, 0, 'gte']);
    const stopMarket = { market: 'BTC_USDT', side: 'sell', amount: '0.01', activation_price: '49000' };
    const sell = await placed(ws, 'order_stop_market_place', stopMarket);
    twins(sell, await me.orderStopMarket(stopMarket));
    assert.deepEqual([sell.type, sell.price, sell.activation_condition], [4, '0', 'lte']);
  });

  test('order_bbo_place: a limit order at the best price of the side its bbo_role names', async () => {
    const params = { market: 'BTC_USDT', side: 'buy', amount: '0.01' };
    const order = await placed(ws, 'order_bbo_place', { ...params, bbo_role: 1 });
    twins(order, await me.orderNew({ ...params, bboRole: 1 }));
    // the best bid is the limit buys of the first test
    assert.deepEqual([order.type, order.price], [1, '49000.5']);
  });

  test('collateral orders: limit, market, stop-limit, stop-market and bbo, as the collateral endpoints place them', async () => {
    const limit = { market: 'BTC_PERP', side: 'buy', amount: '0.01', price: '59000' };
    const order = await placed(ws, 'collateral_order_limit_place', { ...limit, position_side: 'BOTH' });
    twins(order, await me.collateralLimit({ ...limit, positionSide: 'BOTH' }));
    assert.deepEqual([order.type, order.position_side, order.reduce_only], [7, 'BOTH', false]);

    await maker.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.02', price: '60100' });
    const market = { market: 'BTC_PERP', side: 'buy', amount: '0.01' };
    const bought = await placed(ws, 'collateral_order_market_place', market);
    twins(bought, await me.collateralMarket(market));
    assert.deepEqual([bought.type, bought.status], [8, 'FILLED']);

    const stopLimit = { market: 'BTC_PERP', side: 'sell', amount: '0.01', activation_price: '58000', price: '57900' };
    const stop = await placed(ws, 'collateral_order_stop_limit_place', stopLimit);
    twins(stop, await me.collateralStopLimit(stopLimit));
    assert.equal(stop.type, 9);
    const stopMarket = { market: 'BTC_PERP', side: 'sell', amount: '0.01', activation_price: '58000' };
    const trigger = await placed(ws, 'collateral_order_stop_market_place', { ...stopMarket, reduce_only: true });
    twins(trigger, await me.collateralTriggerMarket({ ...stopMarket, reduceOnly: true }));
    assert.deepEqual([trigger.type, trigger.reduce_only], [10, true]);

    const bbo = { market: 'BTC_PERP', side: 'buy', amount: '0.01' };
    const joined = await placed(ws, 'collateral_order_bbo_place', { ...bbo, bbo_role: 1 });
    twins(joined, await me.collateralLimit({ ...bbo, bboRole: 1 }));
    assert.deepEqual([joined.type, joined.price], [7, '59000']);
  });

  test('collateral_order_oto_place: the trigger order with its legs, as REST’s order with stopLoss and takeProfit', async () => {
    const trigger = { market: 'BTC_PERP', side: 'buy', amount: '0.01', price: '58500' };
    const answer = await ws.call('collateral_order_oto_place', [
      {
        trigger_order_type: 'margin_limit',
        trigger_order: trigger,
        conditional_order_type: 'margin_market_oco',
        take_profit: '62000',
        stop_loss: '57000',
      },
    ]);
    const group = answer as Record<string, unknown>;
    assert.deepEqual(Object.keys(group), [
      'type',
      'id',
      'conditional_order_type',
      'take_profit_price',
      'stop_loss_price',
      'trigger_order',
    ]);
    const rest = (await me.collateralLimit({
      ...trigger,
      takeProfit: '62000',
      stopLoss: '57000',
    })) as unknown as RestOrder;
    twins(group.trigger_order as WsOrder, rest);
    assert.equal(typeof group.id, 'number');
    assert.deepEqual(
      [group.type, group.conditional_order_type, group.take_profit_price, group.stop_loss_price],
      ['oto', 'margin_market_oco', '62000', '57000'],
    );
    // one leg only
    const tp = (await ws.call('collateral_order_oto_place', [
      {
        trigger_order_type: 'margin_limit',
        trigger_order: trigger,
        conditional_order_type: 'margin_take_profit',
        take_profit: '61000',
      },
    ])) as Record<string, unknown>;
    assert.deepEqual([tp.take_profit_price, tp.stop_loss_price], ['61000', null]);

    // order_cancel_conditional cancels the group as REST's OTO cancel does
    const cancelled = (await ws.call('order_cancel_conditional', [
      { market: 'BTC_PERP', order_id: group.id },
    ])) as Record<string, unknown>;
    const restCancelled = await me.otoCancel({ market: 'BTC_PERP', otoId: (rest.oto as { otoId: number }).otoId });
    assert.deepEqual(Object.keys(cancelled), ['type', 'id', 'trigger_order', 'stop_loss', 'take_profit']);
    assert.deepEqual([cancelled.type, cancelled.id], ['oto', group.id]);
    twins(cancelled.trigger_order as WsOrder, restCancelled.order);
    assert.equal((cancelled.trigger_order as WsOrder).status, 'CANCELED');
    for (const leg of ['stop_loss', 'take_profit'] as const) {
      const mine = cancelled[leg] as WsOrder | null;
      const theirs = restCancelled[leg === 'stop_loss' ? 'stopLoss' : 'takeProfit'];
      assert.equal(mine === null, theirs === null, leg);
      if (mine !== null && theirs !== null) twins(mine, theirs);
    }
  });

  test('order_cancel by order_id or client_order_id (the client id wins), as REST cancels', async () => {
    const params = { market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '55000' };
    const mine = await placed(ws, 'order_limit_place', { ...params, client_order_id: 'ws-cancel-1' });
    const theirs = await me.orderNew({ ...params, clientOrderId: 'rest-cancel-1' });
    const cancelled = await placed(ws, 'order_cancel', { market: 'BTC_USDT', order_id: mine.id });
    twins(cancelled, await me.orderCancel({ market: 'BTC_USDT', orderId: theirs.orderId }));
    assert.deepEqual([cancelled.id, cancelled.status], [mine.id, 'CANCELED']);
    assert.ok(cancelled.mtime >= cancelled.ctime);

    const other = await placed(ws, 'order_limit_place', { ...params, client_order_id: 'ws-cancel-2' });
    // a wrong order_id beside the right client_order_id: the client id is the one used
    const byClientId = await placed(ws, 'order_cancel', {
      market: 'BTC_USDT',
      order_id: mine.id,
      client_order_id: 'ws-cancel-2',
    });
    assert.deepEqual([byClientId.id, byClientId.status], [other.id, 'CANCELED']);
  });

  test('order_cancel_all: every open order of the market and kinds named; answers {}', async () => {
    assert.ok((await me.activeOrders({ market: 'BTC_USDT' })).length > 0);
    assert.deepEqual(await ws.call('order_cancel_all', [{ market: 'BTC_USDT', type: ['spot'] }]), {});
    assert.deepEqual(await me.activeOrders({ market: 'BTC_USDT' }), []);
    // the perpetual's orders are of another kind: still there
    assert.ok((await me.activeOrders({ market: 'BTC_PERP' })).length > 0);
    assert.deepEqual(await ws.call('order_cancel_all', [{ market: 'BTC_PERP', type: ['futures'] }]), {});
    assert.deepEqual(await me.activeOrders({ market: 'BTC_PERP' }), []);
  });

  test('order methods sent without waiting are answered in the order they were sent', async () => {
    const ids: number[] = [];
    const answers: Promise<unknown>[] = [];
    const send = (method: string, params: Record<string, unknown>): void => {
      const id = 9000 + ids.length;
      ids.push(id);
      answers.push(ws.request(method, [params], id));
    };
    // sent in one go, they share group commits: their commands finish together
    for (let i = 0; i < 10; i++) {
      const client_order_id = `ws-pipelined-${i}`;
      send('order_limit_place', { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '40000', client_order_id });
      send('order_modify', { market: 'BTC_USDT', client_order_id, price: '40000.5' });
      send('order_cancel', { market: 'BTC_USDT', client_order_id });
    }
    await Promise.all(answers);
    const answered = ws.texts
      .map((text) => (JSON.parse(text) as { id: unknown }).id)
      .filter((id): id is number => typeof id === 'number' && ids.includes(id));
    assert.deepEqual(answered, ids);
  });
});
