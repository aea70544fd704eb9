import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  decodeFinishedOrder,
  encodeFinishedOrder,
  encodeJson,
  orderData,
  type FinishedOrderKeys,
  type OrderData,
} from '../../src/index.js';

const integer = fc.oneof(fc.integer(), fc.maxSafeInteger());
const text = fc.string({ unit: 'binary' });
/** Plain objects, as the engine makes them (fast-check's records may have no prototype). */
const plainObject = { noNullPrototype: true };
const trigger = fc.record({ ticks: integer, text }, plainObject);
const otoLink = fc.record(
  {
    id: fc.nat(),
    role: fc.constantFrom('parent', 'stopLoss', 'takeProfit'),
    stopLoss: fc.option(trigger),
    takeProfit: fc.option(trigger),
  },
  plainObject,
);

/** Any finished order, plain ones (every option at its default) as often as the others. */
const finishedOrder: fc.Arbitrary<OrderData> = fc
  .record(
    {
      id: fc.nat(),
      user: text,
      account: fc.constantFrom('spot', 'collateral'),
      market: text,
      side: fc.constantFrom('buy', 'sell'),
      type: fc.constantFrom('limit', 'market', 'stock market', 'stop limit', 'stop market'),
      clientOrderId: text,
      price: integer,
      amount: integer,
      byMoney: fc.boolean(),
      left: integer,
      hidden: fc.boolean(),
      dealStock: integer,
      dealNotional: fc.bigInt(),
      dealFee: fc.bigInt(),
      feeExact: fc.bigInt(),
      hold: fc.bigInt(),
      postOnly: fc.boolean(),
      ioc: fc.boolean(),
      stp: fc.constantFrom('no', 'cb', 'cn', 'co'),
      created: integer,
      activationPrice: integer,
      activationPriceText: text,
      activationCondition: fc.constantFrom(null, 'gte', 'lte'),
      activated: fc.oneof(fc.constant(0), fc.constant(1), fc.maxSafeNat()),
      positionSide: fc.constantFrom('LONG', 'SHORT', 'BOTH'),
      reduceOnly: fc.boolean(),
      rpi: fc.boolean(),
      oto: fc.option(otoLink),
      status: fc.constantFrom('FILLED', 'CANCELLED'),
      finished: integer,
    },
    plainObject,
  )
  .chain((o) =>
    fc.boolean().map((plain) =>
      plain
        ? {
            ...o,
            account: 'spot' as const,
            byMoney: false,
            hidden: false,
            feeExact: 0n,
            hold: 0n,
            postOnly: false,
            ioc: false,
            stp: 'no' as const,
            activationPrice: 0,
            activationPriceText: '',
            activationCondition: null,
            activated: 0,
            positionSide: 'BOTH' as const,
            reduceOnly: false,
            rpi: false,
            oto: null,
          }
        : o,
    ),
  );

/** What a finished order's record keeps in columns. */
function keysOf(o: OrderData): FinishedOrderKeys {
  return {
    id: o.id,
    user: o.user,
    market: o.market,
    clientOrderId: o.clientOrderId,
    status: o.status,
    created: o.created,
    finished: o.finished ?? o.created,
  };
}

describe("a finished order's history text", () => {
  it('reads back as the order it was written from, without the running fee numerator', () => {
    fc.assert(
      fc.property(finishedOrder, (o) => {
        assert.deepEqual(decodeFinishedOrder(keysOf(o), encodeFinishedOrder(o)), { ...orderData(o), feeExact: 0n });
      }),
    );
  });

  it('reads records written with the whole data in the value codec as the same order', () => {
    fc.assert(
      fc.property(finishedOrder, (o) => {
        assert.deepEqual(decodeFinishedOrder(keysOf(o), encodeJson(orderData(o))), { ...orderData(o), feeExact: 0n });
      }),
    );
  });

  it('leaves out the columns and every field at a plain order value', () => {
    const plain: OrderData = {
      ...(fc.sample(finishedOrder, { numRuns: 1, seed: 7 })[0] as OrderData),
      clientOrderId: 'my-order-1',
      account: 'spot',
      byMoney: false,
      hidden: false,
      hold: 0n,
      postOnly: false,
      ioc: false,
      stp: 'no',
      activationPrice: 0,
      activationPriceText: '',
      activationCondition: null,
      activated: 0,
      positionSide: 'BOTH',
      reduceOnly: false,
      rpi: false,
      oto: null,
      side: 'sell',
      type: 'limit',
      price: 3000000,
      amount: 1000,
      left: 0,
      dealStock: 1000,
      dealNotional: 3000000000n,
      dealFee: 3000000n,
      feeExact: 6000000000000000000000000n,
    };
    assert.equal(
      encodeFinishedOrder(plain),
      '{"side":"sell","type":"limit","price":3000000,"amount":1000,"left":0,"dealStock":1000,' +
        '"dealNotional":"3000000000","dealFee":"3000000"}',
    );
  });

  it('refuses what JSON cannot carry back, as the engine value codec does', () => {
    const o = fc.sample(finishedOrder, { numRuns: 1, seed: 1 })[0] as OrderData;
    assert.throws(() => encodeFinishedOrder({ ...o, price: Number.NaN }), TypeError);
    assert.throws(() => encodeFinishedOrder({ ...o, activationPrice: Number.POSITIVE_INFINITY }), TypeError);
  });
});
