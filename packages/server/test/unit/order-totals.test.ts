import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply, assetWithoutNetworks, createState, type Command, type MarketSpec, type State } from '@txc/core';
import { parsePlaceOrder } from '../../src/order-entry/place-order.js';

/** BTC_USDT with a minimum total of 5 and a maximum of 1,000 USDT. */
const MARKET: MarketSpec = {
  name: 'BTC_USDT',
  stock: 'BTC',
  money: 'USDT',
  type: 'spot',
  stockPrec: 6,
  moneyPrec: 2,
  feePrec: 6,
  makerFee: 1_000_000_000_000_000n,
  takerFee: 1_000_000_000_000_000n,
  minAmount: 1n,
  minTotal: 500n,
  maxTotal: 100_000n,
  tradesEnabled: true,
  isCollateral: false,
};

function venue(): State {
  const state = createState();
  const commands: Command[] = [
    { type: 'DefineAsset', asset: assetWithoutNetworks('BTC', 8) },
    { type: 'DefineAsset', asset: assetWithoutNetworks('USDT', 2) },
    { type: 'DefineMarket', market: MARKET },
  ];
  for (const cmd of commands) assert.ok(apply(state, cmd, { seq: state.seq + 1, time: 1 }).result.ok);
  return state;
}

const errorsOf = (body: Record<string, unknown>, type: 'limit' | 'stop limit' | 'stop market' | 'market'): unknown =>
  (parsePlaceOrder(venue(), 'u', { market: 'BTC_USDT', side: 'sell', ...body }, type) as { errors?: unknown }).errors;

describe('an order’s total against the market’s minimum and maximum (reference §5.3)', () => {
  for (const [what, type, field] of [
    ['a limit order is held to both at its price', 'limit', 'price'],
    ['a stop-market of stock is held to both at its activation price', 'stop market', 'activation_price'],
  ] as const) {
    it(what, () => {
      assert.deepEqual(errorsOf({ amount: '0.0001', [field]: '40000' }, type), {
        total: ['Total (amount * price) is less than 5'],
      });
      assert.deepEqual(errorsOf({ amount: '0.1', [field]: '40000' }, type), {
        total: ['Total (amount * price) is greater than 1000'],
      });
      assert.equal(errorsOf({ amount: '0.01', [field]: '40000' }, type), undefined);
    });
  }

  for (const [what, type, body] of [
    ['a market buy spends its amount: held to both', 'market', {}],
    ['a stop-market buy too', 'stop market', { activation_price: '40000' }],
  ] as const) {
    it(what, () => {
      const buy = (amount: string): unknown => errorsOf({ side: 'buy', amount, ...body }, type);
      assert.deepEqual(buy('4.99'), { amount: ['Total amount should be no less than 5 + trade fee'] });
      assert.deepEqual(buy('1000.01'), { amount: ['Total amount should be no greater than 1000'] });
      // past what the engine holds too: the market's maximum is the one told
      assert.deepEqual(buy('9'.repeat(30)), { amount: ['Total amount should be no greater than 1000'] });
      assert.equal(buy('1000'), undefined);
    });
  }
});
