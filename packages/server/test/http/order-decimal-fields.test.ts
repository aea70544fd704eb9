import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcError, type TxcClient } from '@txc/sdk';
import { collateralServer, collateralTrader } from '../support/collateral.js';
import type { TestServer } from '../support/test-server.js';
import { fails, validation } from '../support/trading.js';

/** Far more than a safe integer of units at any precision. */
const HUGE = '9'.repeat(30);
/** Sixty zeros after the point before a digit: far below any step. */
const TINY = `0.${'0'.repeat(60)}1`;

/** Each order endpoint with a request that passes, and its decimal fields: the key it files a field under, and the field's words. */
const ORDER_FIELDS: readonly {
  readonly path: string;
  readonly body: Record<string, string>;
  readonly fields: readonly { readonly field: string; readonly key?: string; readonly label: string }[];
}[] = [
  {
    path: '/api/v4/order/new',
    body: { market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '50000' },
    fields: [
      { field: 'amount', label: 'amount' },
      { field: 'price', label: 'price' },
    ],
  },
  {
    path: '/api/v4/order/market',
    body: { market: 'BTC_USDT', side: 'buy', amount: '100' },
    fields: [{ field: 'amount', label: 'amount' }],
  },
  {
    path: '/api/v4/order/stock_market',
    body: { market: 'BTC_USDT', side: 'sell', amount: '0.01' },
    fields: [{ field: 'amount', label: 'amount' }],
  },
  {
    path: '/api/v4/order/stop_limit',
    body: { market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '61000', activation_price: '61000' },
    fields: [
      { field: 'amount', label: 'amount' },
      { field: 'price', label: 'price' },
      { field: 'activation_price', key: 'activationPrice', label: 'activation price' },
    ],
  },
  {
    path: '/api/v4/order/stop_market',
    body: { market: 'BTC_USDT', side: 'sell', amount: '0.01', activation_price: '40000' },
    fields: [
      { field: 'amount', label: 'amount' },
      { field: 'activation_price', key: 'activationPrice', label: 'activation price' },
    ],
  },
  {
    path: '/api/v4/order/collateral/limit',
    body: { market: 'BTC_PERP', side: 'buy', amount: '0.01', price: '50000', stopLoss: '45000', takeProfit: '55000' },
    fields: [
      { field: 'amount', label: 'amount' },
      { field: 'price', label: 'price' },
      { field: 'stopLoss', label: 'stop loss' },
      { field: 'takeProfit', label: 'take profit' },
    ],
  },
  {
    path: '/api/v4/order/collateral/market',
    body: { market: 'BTC_PERP', side: 'buy', amount: '0.01' },
    fields: [{ field: 'amount', label: 'amount' }],
  },
  {
    path: '/api/v4/order/collateral/trigger-market',
    body: { market: 'BTC_PERP', side: 'buy', amount: '0.01', activation_price: '65000', stopLoss: '60000' },
    fields: [
      { field: 'amount', label: 'amount' },
      { field: 'activation_price', key: 'activationPrice', label: 'activation price' },
      { field: 'stopLoss', label: 'stop loss' },
    ],
  },
  {
    path: '/api/v4/order/collateral/stop-limit',
    body: {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.01',
      price: '65000',
      activation_price: '65000',
      takeProfit: '70000',
    },
    fields: [
      { field: 'amount', label: 'amount' },
      { field: 'price', label: 'price' },
      { field: 'activation_price', key: 'activationPrice', label: 'activation price' },
      { field: 'takeProfit', label: 'take profit' },
    ],
  },
];

describe('order endpoints read decimal text of any length, and name the field they refuse', () => {
  let server: TestServer;
  let alice: TxcClient;

  before(async () => {
    server = await collateralServer();
    alice = await collateralTrader(server, 'alice', { USDT: '10000' });
  });
  after(() => server.stop());

  it('a fraction far past the step answers code 30 with the amount messages, never a server error', async () => {
    await fails(
      alice.privatePost('/api/v4/order/collateral/limit', {
        market: 'BTC_PERP',
        side: 'buy',
        amount: TINY,
        price: '50000',
      }),
      422,
      validation({ amount: ['Given amount is less than min amount 0.0001', 'Min amount step = 0.0001'] }),
    );
    await fails(
      alice.privatePost('/api/v4/order/stop_market', {
        market: 'BTC_USDT',
        side: 'sell',
        amount: TINY,
        activation_price: '40000',
      }),
      422,
      validation({ amount: ['Given amount is less than min amount 0.00001', 'Min amount step = 0.000001'] }),
    );
  });

  it('trailing zeros of any number are no precision: the order is placed at the exact value', async () => {
    const o = await alice.collateralLimit({
      market: 'BTC_PERP',
      side: 'buy',
      amount: `0.01${'0'.repeat(300)}`,
      price: `50000.${'0'.repeat(300)}`,
    });
    assert.deepEqual([o.amount, o.price, o.status], ['0.01', '50000', 'NEW']);
    await alice.orderCancel({ market: 'BTC_PERP', orderId: o.orderId });
  });

  for (const { path, body, fields } of ORDER_FIELDS) {
    it(`${path}: a value beyond what the API can hold is refused under its own field, in its own words, with the most it takes`, async () => {
      for (const { field, key = field, label } of fields) {
        await assert.rejects(alice.privatePost(path, { ...body, [field]: HUGE }), (e: unknown) => {
          assert.ok(e instanceof TxcError, String(e));
          const refused = e.body as { code: number; errors: Record<string, string[]> };
          assert.deepEqual([e.status, refused.code, Object.keys(refused.errors)], [422, 30, [key]]);
          const [message = ''] = refused.errors[key] ?? [];
          const most = new RegExp(
            `^The ${label} field value, that the API unable to process\\. At most ([0-9]+(\\.[0-9]+)?) on this market\\.$`,
          ).exec(message)?.[1];
          // the largest count of units the engine holds (2^53 - 1), at the field's precision
          assert.equal(most?.replace('.', '').replace(/^0+/, ''), String(Number.MAX_SAFE_INTEGER), message);
          return true;
        });
      }
    });
  }
});
