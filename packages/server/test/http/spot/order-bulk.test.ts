import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { TestServer } from '../../support/test-server.js';
import { fails, spot, trader, validation } from '../../support/trading.js';

const BULK = '/api/v4/order/bulk';
const CANCEL_BULK = '/api/v4/order/cancel/bulk';

const itemError = (code: number, message: string, errors: Record<string, string[]>) => ({
  result: null,
  error: { code, message, errors },
});

describe('order/bulk and order/cancel/bulk through HTTP', () => {
  let server: TestServer;
  let alice: TxcClient;

  before(async () => {
    server = await TestServer.start();
    alice = await trader(server, 'alice', { USDT: '100000', BTC: '2' });
  });
  after(() => server.stop());

  it('answers each order with its own order or its own error, in the order given; one bad order refuses nothing else', async () => {
    const answer = await alice.orderBulk({
      orders: [
        { market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '40000', clientOrderId: 'b-1' },
        { market: 'BTC_USDT', side: 'up', amount: '0.1', price: '40000' },
        { market: 'BTC_USDT', side: 'buy', amount: '10', price: '40000' },
        // not an object: refused alone
        7 as unknown as Record<string, unknown>,
        { market: 'BTC_USDT', side: 'buy', amount: '0.2', price: '39000', clientOrderId: 'b-2' },
      ],
    });
    assert.equal(answer.length, 5);
    assert.deepEqual(
      [answer[0]?.result?.clientOrderId, answer[0]?.result?.status, answer[0]?.error],
      ['b-1', 'NEW', null],
    );
    assert.deepEqual(
      answer[1],
      itemError(30, 'Validation failed', { side: ["Side field should contain only 'buy' or 'sell' values."] }),
    );
    assert.deepEqual(answer[2], itemError(10, 'Inner validation failed', { amount: ['Not enough balance.'] }));
    assert.deepEqual(answer[3], itemError(30, 'Validation failed', { request: ['Invalid order format'] }));
    assert.deepEqual([answer[4]?.result?.clientOrderId, answer[4]?.result?.price], ['b-2', '39000']);
    const open = await alice.activeOrders({ market: 'BTC_USDT' });
    assert.deepEqual(open.map((o) => o.clientOrderId).sort(), ['b-1', 'b-2']);
    await alice.orderCancelAll({ market: 'BTC_USDT' });
  });

  it('places in order: a later order meets the earlier ones as they stand', async () => {
    const bob = await trader(server, 'bob', { USDT: '100000', BTC: '2' });
    const answer = await bob.orderBulk({
      orders: [
        { market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '50000' },
        { market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '50000', clientOrderId: 'dup' },
        { market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '30000', clientOrderId: 'dup' },
        { market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '30000', clientOrderId: 'dup' },
      ],
    });
    assert.deepEqual(
      answer.map((a) => a.result?.status ?? a.error?.errors),
      // each order is answered as it stood when placed: the first rested, then the second took it
      ['NEW', 'FILLED', 'NEW', { clientOrderId: ['This client order id is already used by the current account.'] }],
    );
    await bob.orderCancelAll({ market: 'BTC_USDT' });
  });

  it('stopOnFail: the first refusal ends the request; the orders after it are neither placed nor answered', async () => {
    const before = await spot(alice, 'USDT');
    const answer = await alice.orderBulk({
      stopOnFail: true,
      orders: [
        { market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '40000', clientOrderId: 's-1' },
        { market: 'BTC_USDT', side: 'buy', amount: '10', price: '40000', clientOrderId: 's-2' },
        { market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '40000', clientOrderId: 's-3' },
      ],
    });
    assert.equal(answer.length, 2);
    assert.equal(answer[0]?.result?.clientOrderId, 's-1');
    assert.deepEqual(answer[1], itemError(10, 'Inner validation failed', { amount: ['Not enough balance.'] }));
    const open = await alice.activeOrders({ market: 'BTC_USDT' });
    assert.deepEqual(
      open.map((o) => o.clientOrderId),
      ['s-1'],
    );
    await alice.orderCancelAll({ market: 'BTC_USDT' });
    assert.deepEqual(await spot(alice, 'USDT'), before);
  });

  it('refuses a request without an array of 1 to 20 orders, or with a stopOnFail not boolean, with code 30', async () => {
    const order = { market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '40000' };
    await fails(alice.privatePost(BULK, {}), 422, validation({ orders: ['The orders must be an array.'] }));
    await fails(
      alice.privatePost(BULK, { orders: [] }),
      422,
      validation({ orders: ['The orders must contain between 1 and 20 items.'] }),
    );
    await fails(
      alice.privatePost(BULK, { orders: Array.from({ length: 21 }, () => order) }),
      422,
      validation({ orders: ['The orders must contain between 1 and 20 items.'] }),
    );
    await fails(
      alice.privatePost(BULK, { orders: [order], stopOnFail: 'yes' }),
      422,
      validation({ stopOnFail: ['The stopOnFail field must be true or false.'] }),
    );
    assert.deepEqual(await alice.activeOrders({ market: 'BTC_USDT' }), []);
  });

  it('cancel/bulk: each cancel answers the ids of the order cancelled or its own error, in its own words', async () => {
    const a = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '40000' });
    const b = await alice.orderNew({
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.1',
      price: '60000',
      clientOrderId: 'c-b',
    });
    const answer = await alice.orderCancelBulk({
      orders: [
        { market: 'BTC_USDT', orderId: a.orderId },
        { market: 'BTC_USDT', clientOrderId: 'c-b' },
        { market: 'BTC_USDT', orderId: a.orderId },
        { market: 'BTC_USDT', orderId: 1, clientOrderId: 'x' },
        { market: 'BTC_USDT' },
        { orderId: 1 },
        { market: 'NOPE_USDT', orderId: 1 },
        'x',
      ],
    });
    assert.deepEqual(answer, [
      { result: { orderId: a.orderId, clientOrderId: '', market: 'BTC_USDT' }, error: null },
      { result: { orderId: b.orderId, clientOrderId: 'c-b', market: 'BTC_USDT' }, error: null },
      itemError(404, 'Order not found', { orderId: ['Order does not exist or already cancelled'] }),
      itemError(30, 'Validation failed', { request: ['api.validation.order.chooseOneId'] }),
      itemError(30, 'Validation failed', { request: ['validation.required'] }),
      itemError(30, 'Validation failed', { market: ['validation.required'] }),
      itemError(30, 'Validation failed', { market: ['validation.market_not_exist'] }),
      itemError(30, 'Validation failed', { request: ['Invalid order format'] }),
    ]);
    assert.deepEqual(await alice.activeOrders({ market: 'BTC_USDT' }), []);
    assert.deepEqual(await spot(alice, 'BTC'), { available: '2', freeze: '0' });
  });

  it('cancel/bulk refuses a request without an array of 1 to 100 cancels', async () => {
    await fails(alice.privatePost(CANCEL_BULK, {}), 422, validation({ orders: ['validation.required'] }));
    await fails(
      alice.privatePost(CANCEL_BULK, {
        orders: Array.from({ length: 101 }, () => ({ market: 'BTC_USDT', orderId: 1 })),
      }),
      422,
      validation({ orders: ['validation.between'] }),
    );
  });
});
