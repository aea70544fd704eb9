import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { USER_HISTORY_CURSORS } from '../../../src/store/user-history.js';
import { TestServer } from '../../support/test-server.js';
import { fails, spot, trader, validation } from '../../support/trading.js';

describe('cancel, open orders, histories and balances through HTTP (reference §5.2, §5.6–5.8)', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;
  let filledId = 0;
  let takerId = 0;

  before(async () => {
    // the per-user history tables catch up every few rows: the histories read below cross their cursors
    server = await TestServer.start({ history: { catchUpEveryRows: 3 } });
    alice = await trader(server, 'alice', { USDT: '100000', BTC: '5', ETH: '10' });
    bob = await trader(server, 'bob', { USDT: '100000', BTC: '5' });
    const sell = await bob.orderNew({
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.2',
      price: '50000',
      clientOrderId: 'b1',
    });
    filledId = sell.order_id;
    takerId = (
      await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.2', price: '50000', clientOrderId: 'a1' })
    ).order_id;
  });
  after(() => server.stop());

  it('the per-user history tables catch up as the trades are committed', async () => {
    const store = server.server.venue.store;
    assert.equal(await store.getMeta(USER_HISTORY_CURSORS.deals), '1');
    const keys = await store.db.selectFrom('user_deals').select(['user_name', 'trade_id', 'role']).execute();
    assert.deepEqual(keys.map((k) => [k.user_name, Number(k.trade_id), Number(k.role)]).sort(), [
      ['alice', 1, 2],
      ['bob', 1, 1],
    ]);
  });

  it('cancel needs the market and exactly one of orderId / clientOrderId', async () => {
    await fails(
      alice.orderCancel({}),
      422,
      validation({ market: ['Market field is required.'], orderId: ['OrderId field is required.'] }),
    );
    await fails(
      alice.orderCancel({ market: 'BTC_USDT', orderId: 1, clientOrderId: 'x' }),
      422,
      validation({ orderId: ['Only one of orderId and clientOrderId may be given.'] }),
    );
    await fails(
      alice.orderCancel({ market: 'BTC_USDT', orderId: 'seven' }),
      422,
      validation({ orderId: ['OrderId field should be an integer.'] }),
    );
    await fails(
      alice.orderCancel({ market: 'NOPE', orderId: 1 }),
      422,
      validation({ market: ['Market is not available.'] }),
    );
    await fails(
      alice.orderCancel({ market: ['BTC_USDT'], orderId: 1 } as never),
      422,
      validation({ market: ['Market field should be a string.', 'Market field format is invalid.'] }),
    );
    // the wire spellings count as the spec's (DESIGN §1.3)
    await fails(
      alice.orderCancel({ market: 'BTC_USDT', order_id: 1, client_order_id: 'x' }),
      422,
      validation({ orderId: ['Only one of orderId and clientOrderId may be given.'] }),
    );
    const open = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '40000' });
    // both spellings naming different orders: either could be the one meant, so neither is cancelled
    await fails(
      alice.orderCancel({ market: 'BTC_USDT', orderId: open.order_id, order_id: open.order_id + 1 }),
      422,
      validation({ orderId: ['The orderId and order_id must match.'] }),
    );
    const cancelled = await alice.orderCancel({
      market: 'BTC_USDT',
      orderId: open.order_id,
      order_id: String(open.order_id),
    });
    assert.deepEqual([cancelled.order_id, cancelled.status], [open.order_id, 'CANCELLED']);
  });

  it('cancel of a filled order, or of another user’s: code 2 under orderId', async () => {
    const notFound = {
      code: 2,
      message: 'Inner validation failed',
      errors: { orderId: ['Unexecuted order was not found.'] },
    };
    await fails(bob.orderCancel({ market: 'BTC_USDT', orderId: filledId }), 400, notFound);
    const mine = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '40000' });
    await fails(bob.orderCancel({ market: 'BTC_USDT', orderId: mine.order_id }), 400, notFound);
    await fails(bob.orderCancel({ market: 'ETH_USDT', orderId: mine.order_id }), 400, notFound);
    await alice.orderCancel({ market: 'BTC_USDT', orderId: mine.order_id });
  });

  it('open orders: newest first, filtered, paged; limit and offset validated', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: String(40000 + i) })).order_id,
      );
    }
    const eth = await alice.orderNew({
      market: 'ETH_USDT',
      side: 'sell',
      amount: '1',
      price: '5000',
      clientOrderId: 'e1',
    });
    const all = await alice.activeOrders();
    assert.deepEqual(
      all.map((o) => o.order_id),
      [eth.order_id, ...ids.slice().reverse()],
    );
    const page = await alice.activeOrders({ market: 'BTC_USDT', limit: 2, offset: 1 });
    assert.deepEqual(
      page.map((o) => o.order_id),
      [ids[3], ids[2]],
    );
    const byCid = await alice.activeOrders({ market: 'ETH_USDT', clientOrderId: 'e1' });
    assert.deepEqual(
      byCid.map((o) => o.order_id),
      [eth.order_id],
    );
    await fails(
      alice.activeOrders({ limit: 0, offset: -1 }),
      422,
      validation({ limit: ['The limit must be at least 1.'], offset: ['The offset must be at least 0.'] }),
    );
    await fails(
      alice.activeOrders({ limit: 101, offset: 10001 }),
      422,
      validation({
        limit: ['The limit may not be greater than 100.'],
        offset: ['The offset may not be greater than 10000.'],
      }),
    );
    // a bad market in an order read answers the reference's code 31 (§5.7, §5.8)
    const badMarket = (message: string) => ({ code: 31, message: 'Validation failed', errors: { market: [message] } });
    await fails(alice.activeOrders({ market: 'NOPE' }), 422, badMarket('Market is not available'));
    await fails(alice.orderHistory({ market: 'NOPE' }), 422, badMarket('Market is not available.'));
    await fails(alice.executedHistory({ market: 7 } as never), 422, {
      code: 31,
      message: 'Validation failed',
      errors: { market: ['Market field should be a string.', 'Market field format is invalid.'] },
    });
    assert.deepEqual(await alice.orderCancelAll({ market: 'ETH_USDT' }), []);
    assert.equal((await alice.activeOrders()).length, 5);
    await fails(
      alice.orderCancelAll({ type: 'spot' } as never),
      422,
      validation({ type: ['The type must be an array.'] }),
    );
    assert.deepEqual(await alice.orderCancelAll({ type: ['spot'] }), []);
    assert.deepEqual(await alice.activeOrders(), []);
  });

  it('order history: finished orders grouped by market, newest first', async () => {
    const h = await alice.orderHistory();
    assert.deepEqual(Object.keys(h).sort(), ['BTC_USDT', 'ETH_USDT']);
    const filled = h.BTC_USDT?.find((o) => o.id === takerId);
    assert.deepEqual(
      { ...filled, ctime: 0, ftime: 0 },
      {
        amount: '0.2',
        price: '50000',
        type: 'limit',
        id: takerId,
        clientOrderId: 'a1',
        side: 'buy',
        ctime: 0,
        ftime: 0,
        dealFee: '10',
        dealStock: '0.2',
        dealMoney: '10000',
        takerFee: '0.001',
        makerFee: '0.001',
        postOnly: false,
        ioc: false,
        status: 'FILLED',
        stp: 'no',
        feeAsset: 'USDT',
        positionSide: 'BOTH',
        rpi: false,
        reduceOnly: false,
      },
    );
    const ids = (h.BTC_USDT ?? []).map((o) => o.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    );
    const first = await alice.orderHistory({ market: 'BTC_USDT', limit: 1 });
    const second = await alice.orderHistory({ market: 'BTC_USDT', limit: 1, offset: 1 });
    assert.deepEqual(
      [...(first.BTC_USDT ?? []), ...(second.BTC_USDT ?? [])].map((o) => o.id),
      ids.slice(0, 2),
    );
    const filledOnly = await alice.orderHistory({ status: 'FILLED' });
    assert.deepEqual(Object.keys(filledOnly), ['BTC_USDT']);
    assert.deepEqual(
      (await alice.orderHistory({ orderId: takerId, market: 'ETH_USDT' })).BTC_USDT?.map((o) => o.id),
      [takerId],
    );
    await fails(
      alice.orderHistory({ clientOrderId: 'never-used' }),
      422,
      validation({ orderHistory: ['OrderHistory was not found.'] }),
    );
    assert.deepEqual(await bob.orderHistory({ market: 'ETH_USDT' }), {});
  });

  it('executed history: an array for one market, grouped otherwise; deals of one order', async () => {
    const mine = await alice.executedHistory({ market: 'BTC_USDT' });
    assert.ok(Array.isArray(mine));
    assert.deepEqual(
      mine.map((d) => ({ ...d, time: 0, id: 0 })),
      [
        {
          id: 0,
          clientOrderId: 'a1',
          time: 0,
          side: 'buy',
          role: 2,
          amount: '0.2',
          price: '50000',
          deal: '10000',
          fee: '10',
          orderId: takerId,
          feeAsset: 'USDT',
        },
      ],
    );
    const grouped = await bob.executedHistory();
    assert.equal((grouped as Record<string, { role: number }[]>).BTC_USDT?.[0]?.role, 1);
    const deals = await bob.orderDeals({ orderId: filledId });
    assert.equal(deals.records.length, 1);
    assert.equal(deals.records[0]?.dealOrderId, takerId);
    assert.equal(deals.records[0]?.role, 1);
    assert.equal(deals.records[0]?.deal, '10000');
    // ccxt's fetchOrderTrades reads the fee's currency here, as the deployed service answers it
    assert.equal(deals.records[0]?.feeAsset, 'USDT');
    assert.deepEqual((await alice.orderDeals({ orderId: filledId })).records, []);
    await fails(alice.orderDeals({}), 422, validation({ orderId: ['OrderId field is required.'] }));
  });

  it('trade balance: non-zero balances, or one unwrapped; unknown ticker code 30', async () => {
    const all = await alice.tradeBalances();
    assert.deepEqual(all, {
      BTC: { available: '5.2', freeze: '0' },
      ETH: { available: '10', freeze: '0' },
      USDT: { available: '89990', freeze: '0' },
    });
    assert.deepEqual(await spot(alice, 'XRP'), { available: '0', freeze: '0' });
    await fails(alice.tradeBalance('NOPE'), 422, validation({ ticker: ['Currency was not found.'] }));
  });
});

describe('POST /api/v4/main-account/transfer (reference §7.7)', () => {
  let server: TestServer;
  let dora: TxcClient;

  before(async () => {
    server = await TestServer.start();
    ({ client: dora } = await server.user('dora', { deposits: { USDT: '100' } }));
  });
  after(() => server.stop());

  const mainError = (errors: Record<string, string[]>): unknown => ({ code: 0, message: 'Validation failed', errors });

  it('moves funds by from/to and by the legacy method, answering 201 []', async () => {
    assert.deepEqual(await dora.transfer({ ticker: 'USDT', amount: '30', from: 'main', to: 'spot' }), []);
    assert.deepEqual(await dora.transfer({ ticker: 'USDT', amount: '10', method: 'withdraw' }), []);
    assert.deepEqual(await dora.transfer({ ticker: 'USDT', amount: '5', method: 'collateral-deposit' }), []);
    assert.deepEqual(await dora.mainBalance('USDT'), { main_balance: '75' });
    assert.deepEqual(await dora.tradeBalance('USDT'), { available: '20', freeze: '0' });
  });

  it('answers the reference errors', async () => {
    await fails(
      dora.transfer({}),
      400,
      mainError({
        ticker: ['The ticker field is required.'],
        amount: ['The amount field is required.'],
        method: ['The method field is required.'],
      }),
    );
    await fails(
      dora.transfer({ ticker: 'NOPE', amount: '1', from: 'main', to: 'spot' }),
      400,
      mainError({ ticker: ['The selected ticker is invalid.'] }),
    );
    await fails(
      dora.transfer({ ticker: 'USDT', amount: '1', from: 'bank', to: 'moon' }),
      400,
      mainError({ from: ['The selected from is invalid.'], to: ['The selected to is invalid.'] }),
    );
    await fails(
      dora.transfer({ ticker: 'USDT', amount: '1', from: 'spot', to: 'spot' }),
      400,
      mainError({ to: ['The to and from must be different.'] }),
    );
    for (const method of ['teleport', 'constructor', 'toString']) {
      await fails(
        dora.transfer({ ticker: 'USDT', amount: '1', method }),
        400,
        mainError({ method: ['The selected method is invalid.'] }),
      );
    }
    // a legacy method beside from/to names the same move, or nothing moves
    await fails(
      dora.transfer({ ticker: 'USDT', amount: '1', from: 'spot', to: 'main', method: 'deposit' }),
      400,
      mainError({ method: ['The method and from/to must name the same transfer.'] }),
    );
    for (const [from, to, method] of [
      ['main', 'spot', 'deposit'],
      ['spot', 'main', 'withdraw'],
    ]) {
      assert.deepEqual(await dora.transfer({ ticker: 'USDT', amount: '1', from, to, method }), []);
    }
    await fails(
      dora.transfer({ ticker: 'USDT', amount: '1', from: 'main' }),
      400,
      mainError({ to: ['The to field is required.'] }),
    );
    await fails(
      dora.transfer({ ticker: 'USDT', amount: 'abc', from: 'main', to: 'spot' }),
      400,
      mainError({ amount: ['The amount must be a number.', 'Invalid number'] }),
    );
    await fails(
      dora.transfer({ ticker: 'USDT', amount: '0.0000001', from: 'main', to: 'spot' }),
      400,
      mainError({ amount: ['The amount must be at least 0.000001.'] }),
    );
    await fails(
      dora.transfer({ ticker: 'USDT', amount: '1.0000001', from: 'main', to: 'spot' }),
      400,
      mainError({ amount: ['The amount must have no more than 6 decimal places.'] }),
    );
    await fails(dora.transfer({ ticker: 'USDT', amount: '1000', from: 'main', to: 'spot' }), 422, {
      code: 3,
      message: 'Inner validation failed',
      errors: { amount: ["You don't have such amount for transfer (available 75, in amount: 1000)"] },
    });
  });
});
