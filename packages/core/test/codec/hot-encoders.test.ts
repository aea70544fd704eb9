import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  encodeCommand,
  encodeJson,
  encodeOrder,
  orderData,
  type CancelOrder,
  type OrderData,
  type PlaceOrder,
} from '../../src/index.js';

const number = fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double({ noNaN: true, noDefaultInfinity: true }));
const text = fc.string({ unit: 'binary' });
const trigger = fc.record({ ticks: number, text });
const otoLink = fc.record({
  id: fc.nat(),
  role: fc.constantFrom('parent', 'stopLoss', 'takeProfit'),
  stopLoss: fc.option(trigger),
  takeProfit: fc.option(trigger),
});

const order: fc.Arbitrary<OrderData> = fc.record({
  id: fc.nat(),
  user: text,
  account: fc.constantFrom('spot', 'collateral'),
  market: text,
  side: fc.constantFrom('buy', 'sell'),
  type: fc.constantFrom('limit', 'market', 'stock market', 'stop limit', 'stop market'),
  clientOrderId: text,
  price: number,
  amount: number,
  byMoney: fc.boolean(),
  left: number,
  hidden: fc.boolean(),
  dealStock: number,
  dealNotional: fc.bigInt(),
  dealFee: fc.bigInt(),
  feeExact: fc.bigInt(),
  hold: fc.bigInt(),
  postOnly: fc.boolean(),
  ioc: fc.boolean(),
  stp: fc.constantFrom('no', 'cb', 'cn', 'co'),
  created: number,
  activationPrice: number,
  activationPriceText: text,
  activationCondition: fc.constantFrom(null, 'gte', 'lte'),
  activated: fc.constantFrom(0, 1),
  positionSide: fc.constantFrom('LONG', 'SHORT', 'BOTH'),
  reduceOnly: fc.boolean(),
  rpi: fc.boolean(),
  oto: fc.option(otoLink),
  status: fc.constantFrom('NEW', 'PARTIALLY_FILLED', 'FILLED', 'CANCELLED'),
  finished: fc.option(number),
});

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
  it('encodes an order exactly as the engine value codec encodes its data', () => {
    fc.assert(
      fc.property(order, (o) => {
        assert.equal(encodeOrder(o), encodeJson(orderData(o)));
      }),
    );
  });

  it('encodes an order lacking fields (data written before they existed) as the codec does: without them', () => {
    const partial = fc
      .tuple(order, fc.subarray(Object.keys(orderData(fc.sample(order, { numRuns: 1, seed: 1 })[0] as OrderData))))
      .map(([o, missing]) => {
        const copy: Record<string, unknown> = { ...o };
        for (const key of missing) delete copy[key];
        return copy as unknown as OrderData;
      });
    fc.assert(
      fc.property(partial, (o) => {
        assert.equal(encodeOrder(o), encodeJson(orderData(o)));
      }),
    );
  });

  it('encodes orders and cancels exactly as the engine value codec does', () => {
    fc.assert(
      fc.property(fc.oneof(placeOrder, cancelOrder), (cmd) => {
        assert.equal(encodeCommand(cmd), encodeJson(cmd));
      }),
    );
  });

  it('refuses what JSON cannot carry back, as the engine value codec does', () => {
    const o = fc.sample(order, { numRuns: 1, seed: 1 })[0] as OrderData;
    assert.throws(() => encodeOrder({ ...o, price: Number.NaN }), TypeError);
    assert.throws(() => encodeOrder({ ...o, finished: Number.POSITIVE_INFINITY }), TypeError);
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
