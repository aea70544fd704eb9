import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { collateralServer, collateralTrader, OCO_BUY as BUY } from '../../support/collateral.js';
import type { TestServer } from '../../support/test-server.js';
import { fails, trader, validation } from '../../support/trading.js';

type Body = Record<string, unknown>;

/** The leg with its clock fields checked for type and then left out: they differ run to run. */
function steady(leg: unknown): Body {
  const { timestamp, mtime, ...rest } = leg as Body;
  assert.equal(typeof timestamp, 'number');
  assert.equal(typeof mtime, 'number');
  return rest;
}

describe('collateral OCO orders (exchange docs: order/collateral/oco, oco-orders, order/oco-cancel, conditional-orders)', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;
  let carl: TxcClient;

  before(async () => {
    server = await collateralServer();
    alice = await collateralTrader(server, 'alice', { USDT: '10000' });
    bob = await trader(server, 'bob', { USDT: '1000000', BTC: '10' });
    carl = await trader(server, 'carl', { USDT: '1000000', BTC: '10' });
    // the stop legs are set against the last trade: 60 000
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '60000' });
    await carl.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '60000' });
  });
  after(() => server.stop());

  it('places a group: a stop-limit leg and a limit leg, shaped as the docs answer them', async () => {
    const placed = (await alice.collateralOco({ ...BUY, clientOrderId: 'tp-1' })) as Body;
    const id = placed.id as number;
    assert.deepEqual(
      { ...placed, stop_loss: steady(placed.stop_loss), take_profit: steady(placed.take_profit) },
      {
        id,
        reduceOnly: false,
        stop_loss: {
          orderId: id + 1,
          clientOrderId: '',
          market: 'BTC_USDT',
          side: 'buy',
          type: 'stop limit',
          dealMoney: '0',
          dealStock: '0',
          amount: '0.01',
          left: '0.01',
          dealFee: '0',
          takerFee: '0.001',
          makerFee: '0.001',
          post_only: false,
          status: 'OPEN',
          stp: 'no',
          positionSide: 'BOTH',
          reduceOnly: false,
          price: '61500',
          activation_price: '61000',
          activation_condition: 'gte',
          activated: 0,
        },
        take_profit: {
          orderId: id + 2,
          clientOrderId: 'tp-1',
          market: 'BTC_USDT',
          side: 'buy',
          type: 'limit',
          dealMoney: '0',
          dealStock: '0',
          amount: '0.01',
          left: '0.01',
          dealFee: '0',
          takerFee: '0.001',
          makerFee: '0.001',
          post_only: false,
          status: 'OPEN',
          stp: 'no',
          positionSide: 'BOTH',
          reduceOnly: false,
          price: '59000',
        },
      },
    );

    const listed = (await alice.ocoOrders({ market: 'BTC_USDT' })) as Body[];
    assert.equal(listed.length, 1);
    const [group] = listed as [Body];
    assert.deepEqual(Object.keys(group), ['id', 'stop_loss', 'take_profit']);
    const stopLoss = steady(group.stop_loss);
    assert.deepEqual(
      [
        stopLoss.type,
        stopLoss.status,
        stopLoss.activation_condition,
        'positionSide' in stopLoss,
        'takerFee' in stopLoss,
      ],
      ['margin stop limit', 'OPEN', 'gte', false, false],
    );
    assert.equal(steady(group.take_profit).type, 'margin limit');
    assert.ok(!('activation_price' in (group.take_profit as Body)));

    const conditional = (await alice.conditionalOrders({})) as Body;
    assert.deepEqual([conditional.limit, conditional.offset, conditional.total], [100, 0, 1]);
    const [record] = conditional.records as [Body];
    assert.deepEqual([record.id, record.type], [id, 'oco']);
    const leg = steady(record.stopLoss);
    assert.deepEqual([leg.activationPrice, leg.activationCondition, leg.postOnly], ['61000', 'gte', false]);

    const cancelled = (await alice.orderOcoCancel({ market: 'BTC_USDT', clientOrderId: 'tp-1' })) as Body;
    assert.deepEqual(
      [cancelled.id, steady(cancelled.stop_loss).status, steady(cancelled.take_profit).status],
      [id, 'CANCELED', 'CANCELED'],
    );
    assert.deepEqual(await alice.ocoOrders({}), []);
    await fails(alice.orderOcoCancel({ market: 'BTC_USDT', orderId: id }), 400, {
      code: 2,
      message: 'Inner validation failed',
      errors: { orderId: ['Unexecuted order was not found.'] },
    });
  });

  it('a partial fill of the limit leg cancels the stop leg; the group leaves the listings', async () => {
    const alice = await collateralTrader(server, 'dora', { USDT: '10000' });
    const placed = (await alice.collateralOco(BUY)) as Body;
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.004', price: '59000' });
    assert.deepEqual(await alice.ocoOrders({}), []);
    const open = (await alice.activeOrders({ market: 'BTC_USDT' })) as Body[];
    assert.deepEqual(
      open.map((o) => [o.orderId, o.status, o.left]),
      [[(placed.take_profit as Body).orderId, 'PARTIALLY_FILLED', '0.006']],
    );
    await alice.orderCancel({ market: 'BTC_USDT', orderId: (placed.take_profit as Body).orderId as number });
  });

  it('a trade at the trigger cancels the limit leg and rests the stop leg as a limit order', async () => {
    const alice = await collateralTrader(server, 'erin', { USDT: '10000' });
    const placed = (await alice.collateralOco(BUY)) as Body;
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '61000' });
    await carl.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '61000' });
    assert.deepEqual(await alice.ocoOrders({}), []);
    const open = (await alice.activeOrders({ market: 'BTC_USDT' })) as Body[];
    const stopId = (placed.stop_loss as Body).orderId;
    assert.deepEqual(
      open.map((o) => [o.orderId, o.type, o.activated]),
      [[stopId, 'margin stop limit', 1]],
    );
    await alice.orderCancel({ market: 'BTC_USDT', orderId: stopId as number });
    // the last trade is now 61 000
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '60000' });
    await carl.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '60000' });
  });

  it('cancelling one leg through order/cancel cancels the other', async () => {
    const alice = await collateralTrader(server, 'fred', { USDT: '10000' });
    const placed = (await alice.collateralOco({
      ...BUY,
      side: 'sell',
      price: '61000',
      activation_price: '59000',
      stop_limit_price: '58500',
    })) as Body;
    assert.equal((placed.stop_loss as Body).activation_condition, 'lte');
    await alice.orderCancel({ market: 'BTC_USDT', orderId: (placed.stop_loss as Body).orderId as number });
    assert.deepEqual(await alice.activeOrders({ market: 'BTC_USDT' }), []);
    assert.deepEqual(await alice.ocoOrders({}), []);
  });

  it('refuses every bad request with the code, field and message of the collateral order endpoints', async () => {
    const alice = await collateralTrader(server, 'gina', { USDT: '10000' });
    const path = '/api/v4/order/collateral/oco';
    await fails(
      alice.privatePost(path, {}),
      422,
      validation({
        market: ['Market field is required.'],
        side: ['Side field is required.'],
        amount: ['Amount field is required.'],
        price: ['Price field is required.'],
        activation_price: ['Activation price field is required.'],
        stop_limit_price: ['Stop limit price field is required.'],
      }),
    );
    await fails(
      alice.privatePost(path, { ...BUY, market: 'ETH_BTC' }),
      422,
      validation({ market: ['Market is not available.'] }),
    );
    await fails(
      alice.privatePost(path, { ...BUY, stop_limit_price: '-1', price: 'x' }),
      422,
      validation({
        price: ['Price field should be numeric string or number.'],
        stop_limit_price: ['Stop limit price should be greater than 0.'],
      }),
    );
    await fails(alice.privatePost(path, { ...BUY, price: '61000' }), 422, {
      code: 161,
      message: 'Validation failed',
      errors: { price: ['Wrong order conditions'] },
    });
    await fails(alice.privatePost(path, { ...BUY, price: '58000', activation_price: '59000' }), 422, {
      code: 151,
      message: 'Validation failed',
      errors: { activation_price: ['Wrong activation price for stop loss.'] },
    });
    await fails(
      alice.privatePost(path, { ...BUY, activation_price: '60000' }),
      422,
      validation({ activationPrice: ['Activation price should not be equal to the last price'] }),
    );
    await fails(alice.privatePost(path, { ...BUY, amount: '5' }), 422, {
      code: 10,
      message: 'Inner validation failed',
      errors: { amount: ['Not enough balance.'] },
    });
    await fails(alice.privatePost(path, { ...BUY, reduceOnly: true }), 422, {
      code: 116,
      message: 'Validation failed',
      errors: { reduceOnly: ["Reduce-only: Position doesn't exist or wrong side"] },
    });
    await fails(
      alice.privatePost('/api/v4/order/oco-cancel', { market: 'BTC_USDT' }),
      422,
      validation({ orderId: ['OrderId field is required.'] }),
    );
    await fails(
      alice.privatePost('/api/v4/order/oco-cancel', { market: 'BTC_USDT', orderId: 1, clientOrderId: 'a' }),
      422,
      validation({ orderId: ['Only one of orderId and clientOrderId may be given.'] }),
    );
    for (const listing of ['/api/v4/oco-orders', '/api/v4/conditional-orders']) {
      await fails(
        alice.privatePost(listing, { limit: 101, offset: -1 }),
        422,
        validation({ limit: ['The limit may not be greater than 100.'], offset: ['The offset must be at least 0.'] }),
      );
      await fails(alice.privatePost(listing, { market: 'ETH_BTC' }), 422, {
        code: 31,
        message: 'Validation failed',
        errors: { market: ['Market is not available.'] },
      });
    }
    assert.deepEqual(await alice.ocoOrders({}), []);
  });

  it('order/conditional-cancel: cancels an OCO group or an OTO group by the id conditional-orders lists; answers []', async () => {
    const alice = await collateralTrader(server, 'hana', { USDT: '10000' });
    const oco = (await alice.collateralOco(BUY)) as Body;
    const oto = await alice.collateralLimit({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '58000',
      stopLoss: '57000',
    });
    const otoId = (oto.oto as { otoId: number }).otoId;
    const listed = ((await alice.conditionalOrders({})) as { records: Body[] }).records;
    assert.deepEqual(
      listed.map((r) => [r.type, r.id]),
      [
        ['oco', oco.id],
        ['oto', otoId],
      ],
    );

    assert.deepEqual(await alice.orderConditionalCancel({ market: 'BTC_USDT', id: oco.id as number }), []);
    assert.deepEqual(await alice.ocoOrders({}), []);
    const open = (await alice.activeOrders({ market: 'BTC_USDT' })) as Body[];
    assert.deepEqual(
      open.map((o) => o.orderId),
      [oto.orderId],
    );
    assert.deepEqual(await alice.orderConditionalCancel({ market: 'BTC_USDT', id: String(otoId) }), []);
    assert.deepEqual(await alice.activeOrders({ market: 'BTC_USDT' }), []);
    assert.deepEqual(((await alice.conditionalOrders({})) as { total: number }).total, 0);

    const notFound = {
      code: 2,
      message: 'Inner validation failed',
      errors: { id: ['Unexecuted order was not found.'] },
    };
    await fails(alice.orderConditionalCancel({ market: 'BTC_USDT', id: oco.id as number }), 400, notFound);
    await fails(alice.orderConditionalCancel({ market: 'BTC_USDT', id: otoId }), 400, notFound);
    // another user's group, or one on another market, is not found either
    const mine = (await alice.collateralOco(BUY)) as Body;
    const other = await collateralTrader(server, 'ivan', { USDT: '10000' });
    await fails(other.orderConditionalCancel({ market: 'BTC_USDT', id: mine.id as number }), 400, notFound);
    await fails(alice.orderConditionalCancel({ market: 'BTC_PERP', id: mine.id as number }), 400, notFound);
    assert.equal((await alice.ocoOrders({})).length, 1);
    await alice.orderConditionalCancel({ market: 'BTC_USDT', id: mine.id as number });
  });

  it('order/conditional-cancel refuses a bad request: 31 for the market, 30 for the id', async () => {
    const alice = await collateralTrader(server, 'jack', { USDT: '10000' });
    const path = '/api/v4/order/conditional-cancel';
    await fails(alice.privatePost(path, { market: 'BTC_USDT' }), 422, validation({ id: ['Id field is required.'] }));
    await fails(
      alice.privatePost(path, { market: 'BTC_USDT', id: 'x' }),
      422,
      validation({ id: ['The id must be an integer.'] }),
    );
    await fails(
      alice.privatePost(path, { market: 'BTC_USDT', id: -1 }),
      422,
      validation({ id: ['The id must be at least 0.'] }),
    );
    await fails(alice.privatePost(path, { market: 'XRP_USDT', id: 1 }), 422, {
      code: 31,
      message: 'Validation failed',
      errors: { market: ['Market is not available.'] },
    });
    await fails(alice.privatePost(path, { id: 1 }), 422, {
      code: 31,
      message: 'Validation failed',
      errors: { market: ['Market field is required.'] },
    });
  });

  it('spot OCO is not served: the exchange documents OCO for collateral markets only', async () => {
    const r = await fetch(`${server.url}/api/v4/order/oco`, { method: 'POST', body: '{}' });
    assert.equal(r.status, 404);
  });
});
