import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcClient } from '@txc/sdk';
import { TestServer } from '../../support/test-server.js';
import { fails, feeAccount, IOC_AND_POST_ONLY, spot, trader, validation, WOULD_TAKE } from '../../support/trading.js';

describe('spot limit orders through HTTP (reference §5.3)', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;

  before(async () => {
    server = await TestServer.start();
    alice = await trader(server, 'alice', { USDT: '100000', BTC: '2' });
    bob = await trader(server, 'bob', { USDT: '100000', BTC: '2' });
  });
  after(() => server.stop());

  it('a resting buy answers the spec order with its wire aliases and holds notional plus fee', async () => {
    const o = await alice.orderNew({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.5',
      price: '40000',
      clientOrderId: 'a-1',
    });
    assert.equal(typeof o.order_id, 'number');
    assert.equal(o.orderId, o.order_id);
    assert.deepEqual(
      { ...o, order_id: 0, orderId: 0, timestamp: 0 },
      {
        order_id: 0,
        orderId: 0,
        client_order_id: 'a-1',
        clientOrderId: 'a-1',
        market: 'BTC_USDT',
        side: 'buy',
        type: 'limit',
        timestamp: 0,
        deal_money: '0',
        dealMoney: '0',
        deal_stock: '0',
        dealStock: '0',
        amount: '0.5',
        left: '0.5',
        deal_fee: '0',
        dealFee: '0',
        // the owner's rates, as ratios (reference §5.1)
        takerFee: '0.001',
        makerFee: '0.001',
        price: '40000',
        postOnly: false,
        ioc: false,
        status: 'NEW',
        stp: 'no',
        positionSide: 'BOTH',
        rpi: false,
      },
    );
    // 20 000 + 0.1 % fee
    assert.deepEqual(await spot(alice, 'USDT'), { available: '79980', freeze: '20020' });
    const cancelled = await alice.orderCancel({ market: 'BTC_USDT', clientOrderId: 'a-1' });
    assert.equal(cancelled.status, 'CANCELLED');
    assert.deepEqual(await spot(alice, 'USDT'), { available: '100000', freeze: '0' });
  });

  it('partial fills settle both parties and the fee account exactly', async () => {
    const sell = await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.3', price: '50000' });
    const buy = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '1', price: '50000' });
    assert.equal(buy.status, 'PARTIALLY_FILLED');
    assert.equal(buy.deal_stock, '0.3');
    assert.equal(buy.deal_money, '15000');
    assert.equal(buy.deal_fee, '15');
    assert.equal(buy.left, '0.7');
    // alice: paid 15 000 + 15, holds 35 000 + 35 for the rest
    assert.deepEqual(await spot(alice, 'USDT'), { available: '49950', freeze: '35035' });
    assert.deepEqual(await spot(alice, 'BTC'), { available: '2.3', freeze: '0' });
    assert.deepEqual(await spot(bob, 'USDT'), { available: '114985', freeze: '0' });
    assert.deepEqual(await spot(bob, 'BTC'), { available: '1.7', freeze: '0' });
    assert.equal(await feeAccount(server, 'USDT'), '30');
    await fails(bob.orderCancel({ market: 'BTC_USDT', orderId: sell.order_id }), 400, {
      code: 2,
      message: 'Inner validation failed',
      errors: { orderId: ['Unexecuted order was not found.'] },
    });

    // bob sells into the rest: 0.7 at 50 000
    const take = await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.7', price: '49000' });
    assert.equal(take.status, 'FILLED');
    assert.deepEqual(await spot(alice, 'USDT'), { available: '49950', freeze: '0' });
    assert.deepEqual(await spot(alice, 'BTC'), { available: '3', freeze: '0' });
    assert.deepEqual(await spot(bob, 'USDT'), { available: '149950', freeze: '0' });
    assert.deepEqual(await spot(bob, 'BTC'), { available: '1', freeze: '0' });
    assert.equal(await feeAccount(server, 'USDT'), '100');
  });

  it('the remainder of an ioc order is cancelled', async () => {
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '51000' });
    const ioc = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.4', price: '51000', ioc: true });
    assert.equal(ioc.status, 'CANCELLED');
    assert.equal(ioc.deal_stock, '0.1');
    assert.equal(ioc.left, '0.3');
    assert.deepEqual(await spot(alice, 'USDT'), { available: '44844.9', freeze: '0' });
  });

  it('postOnly that would cross: code 13; ioc with postOnly: code 37', async () => {
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '52000' });
    await fails(
      alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '52000', postOnly: true }),
      400,
      WOULD_TAKE,
    );
    await fails(
      alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '50000', postOnly: true, ioc: true }),
      422,
      IOC_AND_POST_ONLY,
    );
    const maker = await alice.orderNew({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.1',
      price: '51999',
      postOnly: true,
    });
    assert.equal(maker.status, 'NEW');
    assert.deepEqual(await alice.orderCancelAll({ market: 'BTC_USDT' }), []);
    assert.deepEqual(await bob.orderCancelAll(), []);
  });

  it('bboRole: 1 joins the best price of its own side, 2 takes the best of the other; price then not required', async () => {
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '51000' });
    await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '48000' });
    const book = await new TxcClient({ baseUrl: server.url }).orderbook('BTC_USDT');
    const [bestBid] = book.bids[0]!;
    const [bestAsk] = book.asks[0]!;
    const queued = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', bboRole: 1 });
    assert.deepEqual([queued.price, queued.status], [bestBid, 'NEW']);
    const taken = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', bboRole: 2, ioc: true });
    assert.deepEqual([taken.price, taken.status, taken.dealStock], [bestAsk, 'FILLED', '0.001']);
    // a price sent beside it is not the one used
    const joined = await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '99999', bboRole: 1 });
    assert.equal(joined.price, bestAsk);

    const bbo = (fields: object) => alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', ...fields });
    // an integer field: its text is taken as PHP reads it
    const asText = await bbo({ bboRole: '1' });
    assert.equal(asText.price, bestBid);
    await alice.orderCancel({ market: 'BTC_USDT', orderId: asText.orderId });
    await fails(bbo({ bboRole: 3 }), 422, validation({ bboRole: ['BboRole field should be 1 or 2.'] }));
    await fails(bbo({ bboRole: '1.0' }), 422, validation({ bboRole: ['BboRole field should be 1 or 2.'] }));
    await fails(
      bbo({ bboRole: 1, postOnly: true }),
      422,
      validation({ postOnly: ['PostOnly cannot be set with bboRole.'] }),
    );
    await fails(bbo({ bboRole: 1, ioc: true }), 422, validation({ ioc: ['IOC can only be set with bboRole 2.'] }));
    await fails(bbo({}), 422, validation({ price: ['Price field is required.'] }));
    await fails(
      alice.orderNew({ market: 'ETH_USDT', side: 'buy', amount: '0.01', bboRole: 1 }),
      422,
      validation({ bboRole: ['There is no bid to take the price from.'] }),
    );
    await fails(
      alice.orderStopLimit({
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.01',
        price: '48000',
        activation_price: '52000',
        bboRole: 1,
      } as never),
      422,
      validation({ bboRole: ['BboRole is only accepted on limit orders.'] }),
    );
    assert.deepEqual(await alice.orderCancelAll({ market: 'BTC_USDT' }), []);
    assert.deepEqual(await bob.orderCancelAll({ market: 'BTC_USDT' }), []);
  });

  it('RPI orders: post-only (13), never with ioc (37), postOnly (30) or retail (41), hidden from the public book, flagged in trades; retail orders refused (42)', async () => {
    await fails(
      alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '49000', rpi: true, ioc: true }),
      422,
      {
        code: 37,
        message: 'Validation failed',
        errors: { rpi: ['RPI orders are post-only: IOC cannot be set with RPI.'] },
      },
    );
    await fails(
      alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '49000', rpi: true, postOnly: true }),
      422,
      validation({ rpi: ['RPI orders are post-only by design: postOnly cannot be set with RPI.'] }),
    );
    await fails(
      alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '49000', rpi: 'yes' } as never),
      422,
      validation({ rpi: ['RPI field should be a boolean.'] }),
    );
    const retail = (fields: object) =>
      alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '49000', ...fields });
    await fails(retail({ retail: true, rpi: true }), 422, {
      code: 41,
      message: 'Validation failed',
      errors: { retail: ['api.tradeErrors.flagsCantBeCombined.rpiRetail'] },
    });
    await fails(retail({ retail: true }), 422, {
      code: 42,
      message: 'Validation failed',
      errors: { retail: ['api.validation.retail.not_allowed'] },
    });
    await fails(retail({ retail: 'yes' }), 422, validation({ retail: ['Retail field should be a boolean.'] }));
    const notRetail = await retail({ retail: false });
    assert.equal(notRetail.status, 'NEW');
    assert.equal('retail' in notRetail, false);
    await alice.orderCancel({ market: 'BTC_USDT', orderId: notRetail.orderId });
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '49500' });
    await fails(
      alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '49500', rpi: true }),
      400,
      WOULD_TAKE,
    );
    const rpi = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '49400', rpi: true });
    // RPI orders are post-only by design (spec §4.3): every view of one says so
    assert.deepEqual([rpi.status, rpi.rpi, rpi.postOnly], ['NEW', true, true]);
    const book = await new TxcClient({ baseUrl: server.url }).orderbook('BTC_USDT');
    assert.ok(!book.bids.some(([price]) => price === '49400'), JSON.stringify(book.bids));
    const [open] = await alice.activeOrders({ market: 'BTC_USDT' });
    assert.deepEqual([open?.order_id, open?.rpi, open?.postOnly], [rpi.order_id, true, true]);
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '49400' });
    const [trade] = await new TxcClient({ baseUrl: server.url }).trades('BTC_USDT');
    assert.deepEqual([trade?.price, trade?.rpi], ['49400', true]);
    const filled = (await alice.orderHistory({ orderId: rpi.order_id })).BTC_USDT?.[0];
    assert.deepEqual([filled?.status, filled?.rpi, filled?.postOnly], ['FILLED', true, true]);
    assert.deepEqual(await bob.orderCancelAll({ market: 'BTC_USDT' }), []);
  });

  it('refuses what the balance cannot hold: code 10', async () => {
    await fails(alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '10', price: '50000' }), 400, {
      code: 10,
      message: 'Inner validation failed',
      errors: { amount: ['Not enough balance.'] },
    });
  });

  it('client order ids: unique among open orders of a market, reusable after cancel', async () => {
    await alice.orderNew({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '30000',
      client_order_id: 'dup.1_x',
    });
    await fails(
      alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '30000', clientOrderId: 'dup.1_x' }),
      422,
      validation({ clientOrderId: ['This client order id is already used by the current account.'] }),
    );
    await alice.orderNew({ market: 'ETH_USDT', side: 'buy', amount: '0.01', price: '2000', clientOrderId: 'dup.1_x' });
    await alice.orderCancel({ market: 'BTC_USDT', clientOrderId: 'dup.1_x' });
    const again = await alice.orderNew({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '30000',
      clientOrderId: 'dup.1_x',
    });
    assert.equal(again.status, 'NEW');
    await alice.orderCancelAll();
  });

  it('request validation answers code 30 with the reference messages', async () => {
    await fails(
      alice.orderNew({}),
      422,
      validation({
        market: ['Market field is required.'],
        side: ['Side field is required.'],
        amount: ['Amount field is required.'],
        price: ['Price field is required.'],
      }),
    );
    await fails(
      alice.orderNew({ market: 'NOPE_USDT', side: 'buy', amount: '1', price: '1' }),
      422,
      validation({ market: ['Market is not available.'] }),
    );
    await fails(
      alice.orderNew({ market: 'BTC_PERP', side: 'buy', amount: '1', price: '1' }),
      422,
      validation({ market: ['Market is not available.'] }),
    );
    await fails(
      alice.orderNew({ market: 'BTC_USDT', side: 'long', amount: '1', price: '1' }),
      422,
      validation({ side: ["Side field should contain only 'buy' or 'sell' values."] }),
    );
    await fails(
      alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.000001', price: '50000.001' }),
      422,
      validation({
        amount: ['Given amount is less than min amount 0.00001'],
        price: ['Min price step = 0.01'],
      }),
    );
    await fails(
      alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.0000101', price: '50000' }),
      422,
      validation({ amount: ['Min amount step = 0.000001'] }),
    );
    // both rules broken: both messages, the minimum first (reference §5.3)
    await fails(
      alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.0000015', price: '50000' }),
      422,
      validation({ amount: ['Given amount is less than min amount 0.00001', 'Min amount step = 0.000001'] }),
    );
    // below the minimum amount and, at that price, below the minimum total: both (reference §5.3, as CCXT saw it)
    await fails(
      alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.000001', price: '50000' }),
      422,
      validation({
        amount: ['Given amount is less than min amount 0.00001'],
        total: ['Total (amount * price) is less than 5'],
      }),
    );
    await fails(
      alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: 'abc', price: '-1' }),
      422,
      validation({
        amount: ['Amount field should be numeric string or number.'],
        price: ['Price should be greater than 0.'],
      }),
    );
    await fails(
      alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.0001', price: '100' }),
      422,
      validation({ total: ['Total (amount * price) is less than 5'] }),
    );
    await fails(
      alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '40000', clientOrderId: 'bad id!' }),
      422,
      validation({ clientOrderId: ['ClientOrderId field should contain only latin letters, numbers and dashes.'] }),
    );
    // names of Object's prototype too: a function must never reach the engine as the order's mode
    for (const stp of ['sometimes', 'constructor', 'toString']) {
      await fails(
        alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '40000', stp }),
        422,
        validation({
          stp: ["Stp field should contain only 'no', 'cancel_both', 'cancel_new' or 'cancel_old' values."],
        }),
      );
    }
  });

  it('accepts numbers for amount and price, and the long stp names (answered abbreviated)', async () => {
    const o = await alice.orderNew({
      market: 'BTC_USDT',
      side: 'buy',
      amount: 0.001,
      price: 40000,
      stp: 'cancel_both',
    });
    assert.equal(o.amount, '0.001');
    assert.equal(o.stp, 'cb');
    await alice.orderCancel({ market: 'BTC_USDT', orderId: String(o.order_id) });
  });
});

describe('a limit buy that takes better prices and rests (engine rules 7)', () => {
  let server: TestServer;
  after(() => server.stop());

  it('trade-account/balance frees the saving at once: the rest holds what it needs at its own price', async () => {
    server = await TestServer.start();
    const alice = await trader(server, 'alice', { USDT: '100000' });
    const bob = await trader(server, 'bob', { BTC: '2' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.3', price: '49000' });
    const buy = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.9', price: '50000' });
    assert.deepEqual(
      [buy.status, buy.deal_money, buy.deal_fee, buy.left],
      ['PARTIALLY_FILLED', '14700', '14.7', '0.6'],
    );
    // paid 14 714.7; 0.6 at 50 000 and 0.1 % hold 30 030 (the 45 045 held at placement less what was
    // paid would have kept 300 of the saving frozen)
    assert.deepEqual(await spot(alice, 'USDT'), { available: '55255.3', freeze: '30030' });
  });
});
