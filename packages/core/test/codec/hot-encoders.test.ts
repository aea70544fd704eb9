import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { encodeCommand, encodeJson, type CancelOrder, type PlaceOrder } from '../../src/index.js';

const number = fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double({ noNaN: true, noDefaultInfinity: true }));
const text = fc.string({ unit: 'binary' });
const trigger = fc.record({ ticks: number, text });
const placeOrder: fc.Arbitrary<PlaceOrder> = fc.record(
  {
    type: fc.constant('PlaceOrder'),
    user: text,
    account: fc.constantFrom('spot', 'collateral'),
    market: text,
    side: fc.constantFrom('buy', 'sell'),
    orderType: fc.constantFrom('limit', 'market', 'stock market', 'stop limit', 'stop market'),
    price: number,
    amount: number,
    activationPrice: number,
    activationPriceText: text,
    clientOrderId: text,
    postOnly: fc.boolean(),
    ioc: fc.boolean(),
    stp: fc.constantFrom('no', 'cb', 'cn', 'co'),
    positionSide: fc.constantFrom('LONG', 'SHORT', 'BOTH'),
    reduceOnly: fc.boolean(),
    rpi: fc.boolean(),
    stopLoss: trigger,
    takeProfit: trigger,
  },
  { requiredKeys: ['type', 'user', 'account', 'market', 'side', 'orderType', 'price', 'amount'] },
) as fc.Arbitrary<PlaceOrder>;

const cancelOrder: fc.Arbitrary<CancelOrder> = fc.record(
  { type: fc.constant('CancelOrder'), user: text, market: text, orderId: number, clientOrderId: text },
  { requiredKeys: ['type', 'user', 'market'] },
);

describe('the encoders of the hot path', () => {
  it('encodes orders and cancels exactly as the engine value codec does', () => {
    fc.assert(
      fc.property(fc.oneof(placeOrder, cancelOrder), (cmd) => {
        assert.equal(encodeCommand(cmd), encodeJson(cmd));
      }),
    );
  });

  it('refuses what JSON cannot carry back, as the engine value codec does', () => {
    const cmd = fc.sample(placeOrder, { numRuns: 1, seed: 1 })[0] as PlaceOrder;
    for (const field of ['price', 'amount', 'activationPrice'] as const) {
      assert.throws(() => encodeCommand({ ...cmd, [field]: Number.NaN }), TypeError, field);
    }
    for (const field of ['stopLoss', 'takeProfit'] as const) {
      assert.throws(() => encodeCommand({ ...cmd, [field]: { ticks: Number.NaN, text: '' } }), TypeError, field);
    }
    assert.throws(() => encodeCommand({ type: 'CancelOrder', user: 'u', market: 'm', orderId: Number.NaN }), TypeError);
  });
});
