import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { newOrder, type Order } from '../../src/index.js';
import { OrderIndex } from '../../src/state/order-index.js';

function order(id: number): Order {
  return newOrder(
    id,
    {
      user: 'u',
      account: 'spot',
      market: 'X_Y',
      side: 'buy',
      orderType: 'limit',
      clientOrderId: '',
      price: 1,
      postOnly: false,
      ioc: false,
      stp: 'no',
      activationPrice: 0,
      activationPriceText: '',
    },
    0,
    null,
    { amount: 1, byMoney: false, positionSide: 'BOTH', reduceOnly: false, rpi: false, oto: null },
  );
}

describe('the open orders by id', () => {
  it('answers like a Map, whatever ids come and go and in whatever order', () => {
    const op = fc.oneof(
      fc.record({ add: fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.maxSafeNat()) }),
      fc.record({ remove: fc.nat(5000) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        const index = new OrderIndex();
        const model = new Map<number, Order>();
        for (const o of ops) {
          if ('add' in o) {
            const created = order(o.add);
            index.set(created);
            model.set(o.add, created);
          } else assert.equal(index.delete(o.remove), model.delete(o.remove));
          assert.equal(index.size, model.size);
        }
        for (const [id, o] of model) assert.equal(index.get(id), o);
        const ids = [...model.keys()].sort((a, b) => a - b);
        assert.deepEqual(
          [...index.values()].map((o) => o.id),
          ids,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('finds nothing under ids no order can have', () => {
    const index = new OrderIndex();
    index.set(order(1));
    for (const id of [1.5, -1, NaN, Infinity, 2 ** 60]) assert.equal(index.get(id), undefined);
    assert.equal(index.has(1), true);
  });
});
