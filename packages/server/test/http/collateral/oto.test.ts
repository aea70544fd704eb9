import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { collateralServer, collateralTrader, interest, text, units } from '../../support/collateral.js';
import type { TestServer } from '../../support/test-server.js';
import { fails, trader, validation } from '../../support/trading.js';

const usdt = (v: string): bigint => units(v, 6);

describe('OTO stop-loss and take-profit on collateral orders (reference §6.1)', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;
  let carl: TxcClient;

  before(async () => {
    server = await collateralServer();
    alice = await collateralTrader(server, 'alice', { USDT: '1000' });
    bob = await trader(server, 'bob', { USDT: '100000', BTC: '1' });
    carl = await trader(server, 'carl', { USDT: '100000', BTC: '1' });
  });
  after(() => server.stop());

  it('prices on the wrong side of the order price answer code 30 with the field', async () => {
    const base = { market: 'BTC_USDT', amount: '0.1', price: '60000' };
    await fails(
      alice.collateralLimit({ ...base, side: 'buy', stopLoss: '59000.001', takeProfit: '61000.001' }),
      422,
      validation({
        stopLoss: ['Min stop loss step = 0.01'],
        takeProfit: ['Min take profit step = 0.01'],
      }),
    );
    await fails(
      alice.collateralLimit({ ...base, side: 'buy', stopLoss: '60000' }),
      422,
      validation({
        stopLoss: ['Wrong activation price for stop loss.'],
      }),
    );
    await fails(
      alice.collateralLimit({ ...base, side: 'buy', takeProfit: '59000' }),
      422,
      validation({
        takeProfit: ['Wrong activation price for take profit.'],
      }),
    );
    await fails(
      alice.collateralLimit({ ...base, side: 'sell', stopLoss: '59000', takeProfit: '61000' }),
      422,
      validation({
        stopLoss: ['Wrong activation price for stop loss.'],
        takeProfit: ['Wrong activation price for take profit.'],
      }),
    );
    await fails(
      alice.collateralLimit({ ...base, side: 'buy', stopLoss: '59000', reduceOnly: true }),
      422,
      validation({
        reduceOnly: ['Reduce-only orders cannot have stopLoss or takeProfit.'],
      }),
    );
    await fails(
      alice.privatePost('/api/v4/order/collateral/market', {
        ...base,
        price: undefined,
        side: 'buy',
        stopLoss: '59000',
      }),
      422,
      validation({ stopLoss: ['Stop loss and take profit are not available for market orders.'] }),
    );
    await fails(
      alice.collateralLimit({ ...base, side: 'buy', stopLoss: 'x' }),
      422,
      validation({
        stopLoss: ['Stop loss field should be numeric string or number.'],
      }),
    );
  });

  it('an empty stopLoss or takeProfit is refused on its field, never dropped: code 30', async () => {
    // a trader of its own: what it places stays out of the others' histories
    const dora = await collateralTrader(server, 'dora', { USDT: '1000' });
    const orders = [
      { path: '/api/v4/order/collateral/limit', body: { price: '60000' } },
      { path: '/api/v4/order/collateral/trigger-market', body: { activation_price: '61000' } },
      { path: '/api/v4/order/collateral/stop-limit', body: { price: '61000', activation_price: '61000' } },
    ];
    for (const { path, body } of orders) {
      const base = { market: 'BTC_USDT', side: 'buy', amount: '0.1', ...body };
      await fails(
        dora.privatePost(path, { ...base, stopLoss: '' }),
        422,
        validation({ stopLoss: ['Stop loss field should not be empty string.'] }),
      );
      await fails(
        dora.privatePost(path, { ...base, stopLoss: '59000', takeProfit: '' }),
        422,
        validation({ takeProfit: ['Take profit field should not be empty string.'] }),
      );
      await fails(
        dora.privatePost(path, { ...base, stopLoss: '', takeProfit: '' }),
        422,
        validation({
          stopLoss: ['Stop loss field should not be empty string.'],
          takeProfit: ['Take profit field should not be empty string.'],
        }),
      );
    }
    // null is JSON's absent value: the order is placed without legs
    const plain = await dora.collateralLimit({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.1',
      price: '50000',
      stopLoss: null as unknown as string,
    });
    assert.equal(plain.oto, undefined);
    await dora.orderCancel({ market: 'BTC_USDT', orderId: plain.orderId });
  });

  it('the parent answers its oto block; its fill arms both legs for the filled amount', async () => {
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '60000' });
    const parent = await alice.collateralLimit({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.1',
      price: '60000',
      stopLoss: '59000',
      takeProfit: '62000',
    });
    assert.equal(parent.status, 'FILLED');
    assert.deepEqual(parent.oto, { otoId: parent.oto?.otoId, stopLoss: '59000', takeProfit: '62000' });
    const legs = await alice.activeOrders({ market: 'BTC_USDT' });
    assert.deepEqual(
      legs.map((o) => [
        o.type,
        o.side,
        o.amount,
        o.activation_price,
        o.activationCondition,
        (o as { reduceOnly?: boolean }).reduceOnly,
      ]),
      [
        ['stop market', 'sell', '0.1', '62000', 'gte', true],
        ['stop market', 'sell', '0.1', '59000', 'lte', true],
      ],
    );
    const [pos] = await alice.openPositions();
    assert.deepEqual(pos?.tpsl, {
      takeProfitId: legs[0]?.order_id,
      takeProfit: '62000',
      stopLossId: legs[1]?.order_id,
      stopLoss: '59000',
    });
  });

  it('a trade through the stop-loss closes the position at market and cancels the take-profit', async () => {
    await bob.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.5', price: '58800' });
    await carl.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '58800' });
    assert.deepEqual(await alice.activeOrders(), []);
    assert.deepEqual(await alice.openPositions(), []);
    const history = (await alice.orderHistory({ market: 'BTC_USDT' })).BTC_USDT ?? [];
    assert.deepEqual(
      history.map((o) => [o.type, o.side, o.status, o.dealStock]),
      [
        // newest first: the take-profit leg was armed after the stop-loss leg; it waited for the
        // stop-loss's outcome, and went as the position it would close did
        ['stop market', 'sell', 'AUTO_CANCELED_REDUCE_ONLY', '0'],
        ['stop market', 'sell', 'FILLED', '0.1'],
        ['limit', 'buy', 'FILLED', '0.1'],
      ],
    );
    const [closed, opened] = await alice.positionHistory();
    const micros = BigInt(Math.round((closed!.modifyDate - opened!.modifyDate) * 1e6));
    const paid = interest(usdt('5006'), '0.03', micros);
    assert.equal(closed?.orderDetail.fundingFee, text(paid, 6));
    // 0.1 sold at 58 800 less the 0.1 % fee, the 5 006 loan repaid, the interest paid
    assert.deepEqual(await alice.collateralBalance(), { USDT: text(usdt('868.12') - paid, 6) });
  });

  it('oto-cancel cancels the parent and its legs; an unknown group answers code 2', async () => {
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.005', price: '58900' });
    const parent = await alice.collateralLimit({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '58900',
      takeProfit: '65000',
    });
    assert.equal(parent.status, 'PARTIALLY_FILLED');
    assert.deepEqual(parent.oto, { otoId: parent.oto?.otoId, takeProfit: '65000' });
    assert.equal((await alice.activeOrders()).length, 2);
    const done = await alice.otoCancel({ market: 'BTC_USDT', otoId: parent.oto.otoId });
    assert.equal(done.otoId, parent.oto?.otoId);
    assert.equal(done.order?.status, 'CANCELLED');
    assert.equal(done.takeProfit?.status, 'CANCELLED');
    assert.equal(done.stopLoss, null);
    assert.deepEqual(await alice.activeOrders(), []);
    await fails(alice.otoCancel({ market: 'BTC_USDT', otoId: parent.oto.otoId }), 400, {
      code: 2,
      message: 'Inner validation failed',
      errors: { otoId: ['OTO order was not found.'] },
    });
    // a market that is not a collateral one holds no OTO group: refused as its siblings refuse it
    await fails(alice.otoCancel({ market: 'ETH_BTC', otoId: 1 }), 422, {
      code: 31,
      message: 'Validation failed',
      errors: { market: ['Market is not available.'] },
    });
  });

  it('oto-cancel after the parent filled answers the parent as it ended', async () => {
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '58900' });
    const parent = await alice.collateralLimit({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '58900',
      stopLoss: '50000',
    });
    assert.equal(parent.status, 'FILLED');
    assert.ok(parent.oto);
    const done = await alice.otoCancel({ market: 'BTC_USDT', otoId: parent.oto.otoId });
    assert.deepEqual(
      [done.orderId, done.order?.order_id, done.order?.status, done.order?.deal_stock],
      [parent.order_id, parent.order_id, 'FILLED', '0.01'],
    );
    assert.equal(done.stopLoss?.status, 'CANCELLED');
    assert.equal(done.takeProfit, null);
    // the position stays (with the 0.005 of the test before), without legs
    const [pos] = await alice.openPositions();
    assert.deepEqual([pos?.amount, pos?.tpsl], ['0.015', null]);
  });
});
