import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  conservationBreaches,
  crossedBooks,
  encodeState,
  holdMismatches,
  negativeBalances,
  type ModifyOrder,
} from '../../src/index.js';
import { BOOKS } from '../support/books.js';
import { order, TestVenue } from '../support/venue.js';

const BTC = 1_000_000;
const USD = 100;
const usdt = (whole: number): bigint => BigInt(Math.round(whole * 1e6));

function sound(v: TestVenue): void {
  assert.deepEqual(conservationBreaches(v.state), []);
  assert.deepEqual(negativeBalances(v.state), []);
  assert.deepEqual(crossedBooks(v.state), []);
  assert.deepEqual(holdMismatches(v.state), []);
}

function venue(factory: (typeof BOOKS)[number]['factory']): TestVenue {
  const v = new TestVenue(factory);
  v.user('alice', { USDT: '100000', BTC: '10' });
  v.user('bob', { USDT: '1000000', BTC: '10' });
  return v;
}

const modify = (fields: Omit<ModifyOrder, 'type' | 'user' | 'market'>): ModifyOrder => ({
  type: 'ModifyOrder',
  user: 'alice',
  market: 'BTC_USDT',
  ...fields,
});

for (const { name, factory } of BOOKS) {
  describe(`${name}: ModifyOrder`, () => {
    it('replaces the order with a new id, its client id and flags kept, the hold moved to the new figures', () => {
      const v = venue(factory);
      const old = v.must(
        order('alice', 'buy', { price: 50_000 * USD, amount: BTC, clientOrderId: 'q1', postOnly: true }),
      );
      const next = v.must(modify({ clientOrderId: 'q1', price: 40_000 * USD }));
      assert.notEqual(next.id, old.id);
      assert.deepEqual(
        [next.price, next.amount, next.clientOrderId, next.postOnly, next.status],
        [40_000 * USD, BTC, 'q1', true, 'NEW'],
      );
      assert.equal(v.state.trading.orders.get(old.id), undefined);
      // 40 000 USDT and the larger fee (0.2 %) are held, nothing else
      assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(100_000 - 40_080), freeze: usdt(40_080) });
      assert.equal(v.run({ type: 'CancelOrder', user: 'alice', market: 'BTC_USDT', orderId: old.id }).result.ok, false);
      sound(v);
    });

    it('may use the funds the old order held: a new total the balance alone could not cover', () => {
      const v = venue(factory);
      const old = v.must(order('alice', 'buy', { price: 90_000 * USD, amount: BTC }));
      // 90 180 held, 9 820 available: a 95 000 order is covered only with the old hold
      const next = v.must(modify({ orderId: old.id, price: 95_000 * USD }));
      assert.equal(next.price, 95_000 * USD);
      sound(v);
    });

    it('a refusal leaves the old order exactly as it was', () => {
      const v = venue(factory);
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC }));
      const old = v.must(order('alice', 'buy', { price: 50_000 * USD, amount: BTC, postOnly: true }));
      const before = encodeState(v.state);
      const refusals: [ModifyOrder, string][] = [
        [modify({ orderId: old.id, amount: 3 * BTC }), 'NOT_ENOUGH_BALANCE'],
        [modify({ orderId: old.id, price: 61_000 * USD }), 'POST_ONLY_WOULD_TAKE'],
        [modify({ orderId: old.id, activationPrice: { ticks: 1, text: '0.01' } }), 'MODIFY_ACTIVATION_NOT_ALLOWED'],
        [modify({ orderId: old.id, total: 100 }), 'MODIFY_TOTAL_NOT_ALLOWED'],
        [modify({ orderId: old.id }), 'INVALID_ARGUMENT'],
        [modify({ orderId: old.id + 100, price: 1 }), 'ORDER_NOT_FOUND'],
        [{ ...modify({ orderId: old.id, price: 1 }), user: 'bob' }, 'ORDER_NOT_FOUND'],
      ];
      for (const [cmd, reason] of refusals) {
        const { result, events } = v.run(cmd);
        assert.equal(result.ok ? 'accepted' : result.rejection.reason, reason);
        assert.deepEqual(events, []);
      }
      // the clock moved, nothing else did
      assert.equal(encodeState(v.state).replace(/"(seq|time)":\d+,?/g, ''), before.replace(/"(seq|time)":\d+,?/g, ''));
      sound(v);
    });

    it('a stop-market buy changes its total, not its amount, and never a price', () => {
      const v = venue(factory);
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 10 }));
      v.must(order('alice', 'buy', { price: 60_000 * USD, amount: BTC / 10 }));
      const stop = v.must(
        order('alice', 'buy', {
          orderType: 'stop market',
          amount: 1_000 * 1_000_000,
          activationPrice: 65_000 * USD,
          activationPriceText: '65000',
        }),
      );
      const fail = (cmd: ModifyOrder): string => {
        const { result } = v.run(cmd);
        return result.ok ? 'accepted' : result.rejection.reason;
      };
      assert.equal(fail(modify({ orderId: stop.id, amount: BTC })), 'MODIFY_AMOUNT_NOT_ALLOWED');
      assert.equal(fail(modify({ orderId: stop.id, price: 60_000 * USD })), 'MODIFY_PRICE_NOT_ALLOWED');
      const next = v.must(
        modify({ orderId: stop.id, total: 2_000 * 1_000_000, activationPrice: { ticks: 66_000 * USD, text: '66000' } }),
      );
      assert.deepEqual(
        [next.type, next.amount, next.activationPrice, next.activationPriceText, next.activationCondition],
        ['stop market', 2_000 * 1_000_000, 66_000 * USD, '66000', 'gte'],
      );
      sound(v);
    });

    it('a partly filled order is replaced for what it had left; what it filled stays filled', () => {
      const v = venue(factory);
      const old = v.must(order('alice', 'sell', { price: 60_000 * USD, amount: BTC }));
      v.must(order('bob', 'buy', { price: 60_000 * USD, amount: BTC / 4 }));
      const { result, events } = v.run(modify({ orderId: old.id, price: 61_000 * USD }));
      assert.ok(result.ok);
      assert.equal(result.value.amount, (3 * BTC) / 4);
      const finished = events.find((e) => e.type === 'OrderFinished');
      assert.deepEqual(
        finished?.type === 'OrderFinished' ? [finished.order.id, finished.order.status, finished.order.dealStock] : [],
        [old.id, 'CANCELLED', BTC / 4],
      );
      sound(v);
    });

    it('a replacement that trades on arrival executes like a new order', () => {
      const v = venue(factory);
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC }));
      const old = v.must(order('alice', 'buy', { price: 50_000 * USD, amount: BTC / 2 }));
      const next = v.must(modify({ orderId: old.id, price: 60_000 * USD }));
      assert.equal(next.status, 'FILLED');
      assert.equal(v.state.trading.orders.get(old.id), undefined);
      sound(v);
    });
  });
}
