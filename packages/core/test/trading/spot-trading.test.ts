import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  conservationBreaches,
  crossedBooks,
  CURRENT_RULES,
  decodeState,
  encodeState,
  holdMismatches,
  negativeBalances,
  RULES,
} from '../../src/index.js';
import { BOOKS } from '../support/books.js';
import { BTC_USDT, order, TestVenue } from '../support/venue.js';

/** 1 BTC in lots of BTC_USDT (10^-6), and prices in ticks (cents). */
const BTC = 1_000_000;
const USD = 100;
/** Minor units. */
const usdt = (whole: number): bigint => BigInt(Math.round(whole * 1e6));
const sats = (btc: number): bigint => BigInt(Math.round(btc * 1e8));

function sound(v: TestVenue): void {
  assert.deepEqual(conservationBreaches(v.state), []);
  assert.deepEqual(negativeBalances(v.state), []);
  assert.deepEqual(crossedBooks(v.state), []);
  assert.deepEqual(holdMismatches(v.state), []);
}

function venue(factory: (typeof BOOKS)[number]['factory']): TestVenue {
  const v = new TestVenue(factory);
  v.user('alice', { USDT: '1000000', BTC: '10' });
  v.user('bob', { USDT: '1000000', BTC: '10' });
  return v;
}

for (const { name, factory } of BOOKS) {
  describe(`${name}: spot limit orders`, () => {
    it('a resting buy holds its notional and the larger fee, rounded up; cancel releases all of it', () => {
      const v = venue(factory);
      const placed = v.must(order('alice', 'buy', { price: 60_000 * USD, amount: BTC }));
      assert.equal(placed.status, 'NEW');
      assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(1_000_000 - 60_120), freeze: usdt(60_120) });
      const cancelled = v.must({ type: 'CancelOrder', user: 'alice', market: 'BTC_USDT', orderId: placed.id });
      assert.equal(cancelled.status, 'CANCELLED');
      assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(1_000_000), freeze: 0n });
      sound(v);
    });

    it("an open order's answer shows it as it was answered, whatever later commands do to it", () => {
      const v = venue(factory);
      const placed = v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 2, clientOrderId: 'ask-1' }));
      const { events } = v.run(order('alice', 'buy', { price: 60_000 * USD, amount: BTC }));
      const filled = events.find((e) => e.type === 'OrderFinished' && e.order.id === placed.id);
      assert.equal(filled?.type === 'OrderFinished' ? filled.order.status : undefined, 'FILLED');
      assert.deepEqual(
        [placed.status, placed.left, placed.dealStock, placed.dealNotional, placed.dealFee, placed.hold],
        ['NEW', BTC / 2, 0, 0n, 0n, sats(0.5)],
      );
      assert.deepEqual(
        [placed.user, placed.market, placed.side, placed.type, placed.price, placed.amount, placed.clientOrderId],
        ['bob', 'BTC_USDT', 'sell', 'limit', 60_000 * USD, BTC / 2, 'ask-1'],
      );
      sound(v);
    });

    it('a resting sell holds its stock', () => {
      const v = venue(factory);
      v.must(order('bob', 'sell', { price: 61_000 * USD, amount: BTC / 2 }));
      assert.deepEqual(v.spot('bob', 'BTC'), { available: sats(9.5), freeze: sats(0.5) });
      sound(v);
    });

    it('partial fills settle both sides exactly, taker and maker fees to the fee account', () => {
      const v = venue(factory);
      const sell = v.must(order('bob', 'sell', { price: 60_000 * USD, amount: (4 * BTC) / 10 }));
      const buy = v.must(order('alice', 'buy', { price: 60_000 * USD, amount: BTC }));
      assert.equal(buy.status, 'PARTIALLY_FILLED');
      assert.equal(buy.dealStock, (4 * BTC) / 10);
      assert.equal(buy.left, (6 * BTC) / 10);
      assert.equal(buy.dealFee, usdt(48));
      // alice paid 24 000 + 0.2 % taker fee and still holds for the 0.6 BTC resting
      assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(1_000_000 - 60_120), freeze: usdt(60_120 - 24_048) });
      assert.deepEqual(v.spot('alice', 'BTC'), { available: sats(10.4), freeze: 0n });
      // bob received 24 000 less the 0.1 % maker fee
      assert.deepEqual(v.spot('bob', 'USDT'), { available: usdt(1_000_000 + 23_976), freeze: 0n });
      assert.deepEqual(v.spot('bob', 'BTC'), { available: sats(9.6), freeze: 0n });
      assert.equal(v.fee('USDT'), usdt(72));
      assert.equal(v.state.trading.orders.has(sell.id), false);

      // bob now takes the rest as a taker: alice is the maker at 0.1 %
      const take = v.must(order('bob', 'sell', { price: 59_000 * USD, amount: BTC }));
      assert.equal(take.dealStock, (6 * BTC) / 10);
      assert.equal(take.status, 'PARTIALLY_FILLED');
      assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(1_000_000 - 24_048 - 36_036), freeze: 0n });
      assert.deepEqual(v.spot('alice', 'BTC'), { available: sats(11), freeze: 0n });
      assert.deepEqual(v.spot('bob', 'USDT'), { available: usdt(1_000_000 + 23_976 + 35_928), freeze: 0n });
      assert.deepEqual(v.spot('bob', 'BTC'), { available: sats(8.6), freeze: sats(0.4) });
      assert.equal(v.fee('USDT'), usdt(72 + 36 + 72));
      sound(v);
    });

    it('rounds the buyer up and the seller down, and books the residue as fee', () => {
      const v = venue(factory);
      v.must(order('bob', 'sell', { price: 6_000_001, amount: 1 }));
      v.must(order('alice', 'buy', { price: 6_000_001, amount: 1 }));
      // 1 lot × 60 000.01 = 0.06000001 USDT: alice pays 0.060001 + fee 0.000121 (0.2 % rounded up),
      // bob gets 0.06000001 × 0.999 rounded down = 0.059940
      assert.equal(v.spot('alice', 'USDT').available, usdt(1_000_000) - 60_001n - 121n);
      assert.equal(v.spot('bob', 'USDT').available, usdt(1_000_000) + 59_940n);
      assert.equal(v.fee('USDT'), 60_001n + 121n - 59_940n);
      sound(v);
    });

    it('fills at the maker price and gives the buyer back what a better price saved', () => {
      const v = venue(factory);
      v.must(order('bob', 'sell', { price: 50_000 * USD, amount: BTC }));
      const buy = v.must(order('alice', 'buy', { price: 60_000 * USD, amount: BTC }));
      assert.equal(buy.status, 'FILLED');
      assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(1_000_000 - 50_100), freeze: 0n });
      sound(v);
    });

    it('a buy that rests after taking better prices holds what its remainder needs; the saving is free at once', () => {
      for (const [rules, freeze] of [
        // before version 7 the saving stayed held until the order ended
        [RULES.positionStockStays, usdt(90_180 - 59_969.7)],
        [CURRENT_RULES, usdt(30_060)],
      ] as const) {
        const v = new TestVenue(factory, rules);
        v.user('alice', { USDT: '100000' });
        v.user('bob', { BTC: '10' });
        v.must(order('bob', 'sell', { price: 59_800 * USD, amount: BTC / 2 }));
        v.must(order('bob', 'sell', { price: 59_900 * USD, amount: BTC / 2 }));
        // 1.5 BTC at 60 000 with the larger fee (0.2 %) held: 90 180; 1 BTC taken for 29 900 and
        // 29 950 plus the taker fee (0.2 %): 59 969.7; what 0.5 BTC at 60 000 needs: 30 060
        const buy = v.must(order('alice', 'buy', { price: 60_000 * USD, amount: (3 * BTC) / 2 }));
        assert.equal(buy.status, 'PARTIALLY_FILLED');
        assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(100_000 - 59_969.7) - freeze, freeze }, `${rules}`);
        sound(v);
        // the rest fills as maker (0.1 %): 30 030 paid, what is left of the hold goes back
        v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 2 }));
        assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(100_000 - 59_969.7 - 30_030), freeze: 0n });
        sound(v);
      }
    });

    it('a stop-limit buy set off keeps the hold of its placement: its rates of then may come back', () => {
      const v = venue(factory);
      v.user('carol', { USDT: '1000000' });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 10 }));
      v.must(order('alice', 'buy', { price: 60_000 * USD, amount: BTC / 10 }));
      // held at placement: 1 BTC at 61 000 and 0.2 %, 61 122
      const stop = v.must(
        order('alice', 'buy', {
          price: 61_000 * USD,
          amount: BTC,
          orderType: 'stop limit',
          activationPrice: 60_500 * USD,
        }),
      );
      const rates = (maker: bigint | null, taker: bigint | null): void =>
        void v.must({ type: 'SetUserFee', user: 'alice', market: null, maker, taker });
      rates(0n, 0n);
      v.must(order('bob', 'sell', { price: 60_800 * USD, amount: BTC / 2 }));
      // a trade at 60 500 sets the stop off: it takes 0.5 BTC at 60 800 fee-free and rests 0.5 at 61 000
      v.must(order('bob', 'sell', { price: 60_500 * USD, amount: BTC / 10 }));
      v.must(order('carol', 'buy', { price: 60_500 * USD, amount: BTC / 10 }));
      assert.equal(v.state.trading.orders.get(stop.id)?.hold, usdt(61_122 - 30_400));
      sound(v);
      // back on the market's rates, its maker fill pays the 0.1 % fee in full: 30 500 + 30.5
      rates(null, null);
      const before = v.spot('alice', 'USDT');
      v.must(order('bob', 'sell', { price: 61_000 * USD, amount: BTC / 2 }));
      assert.equal(v.state.trading.orders.has(stop.id), false);
      assert.deepEqual(v.spot('alice', 'USDT'), {
        available: before.available + before.freeze - usdt(30_530.5),
        freeze: 0n,
      });
      sound(v);
    });

    it('a fee raised after placement never takes more than the buy order holds', () => {
      const v = venue(factory);
      v.must(order('alice', 'buy', { price: 60_000 * USD, amount: BTC }));
      v.must({ type: 'DefineMarket', market: { ...BTC_USDT, makerFee: BTC_USDT.makerFee * 5n } });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC }));
      // held 60 000 + 120 (0.2 %); the maker fee is now 0.5 % (300): alice pays what she held
      assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(1_000_000 - 60_120), freeze: 0n });
      sound(v);
    });

    it('cancels the remainder of an ioc order', () => {
      const v = venue(factory);
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 4 }));
      const ioc = v.must(order('alice', 'buy', { price: 60_000 * USD, amount: BTC, ioc: true }));
      assert.equal(ioc.status, 'CANCELLED');
      assert.equal(ioc.dealStock, BTC / 4);
      assert.equal(v.state.trading.orders.size, 0);
      assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(1_000_000 - 15_030), freeze: 0n });
      sound(v);
    });

    it('refuses a postOnly order that would take, and ioc with postOnly, leaving the state untouched', () => {
      const v = venue(factory);
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC }));
      const before = encodeState(v.state);
      const po = v.run(order('alice', 'buy', { price: 60_000 * USD, amount: BTC, postOnly: true }));
      assert.equal(po.result.ok ? 'ok' : po.result.rejection.reason, 'POST_ONLY_WOULD_TAKE');
      const both = v.run(order('alice', 'buy', { price: 59_000 * USD, amount: BTC, postOnly: true, ioc: true }));
      assert.equal(both.result.ok ? 'ok' : both.result.rejection.reason, 'IOC_AND_POST_ONLY');
      assert.equal(encodeState(v.state), before);
      const rests = v.must(order('alice', 'buy', { price: 59_000 * USD, amount: BTC, postOnly: true }));
      assert.equal(rests.status, 'NEW');
    });

    it('refuses an order its balance cannot hold', () => {
      const v = venue(factory);
      const before = encodeState(v.state);
      const r = v.run(order('alice', 'buy', { price: 100_000 * USD, amount: 10 * BTC }));
      assert.equal(r.result.ok ? 'ok' : r.result.rejection.reason, 'NOT_ENOUGH_BALANCE');
      const s = v.run(order('alice', 'sell', { price: 100_000 * USD, amount: 11 * BTC }));
      assert.equal(s.result.ok ? 'ok' : s.result.rejection.reason, 'NOT_ENOUGH_BALANCE');
      assert.equal(encodeState(v.state), before);
    });

    it('keeps client order ids unique among open orders of a market, reusable after cancel', () => {
      const v = venue(factory);
      const a = v.must(order('alice', 'buy', { price: 50_000 * USD, amount: BTC, clientOrderId: 'x-1' }));
      const dup = v.run(order('alice', 'buy', { price: 50_000 * USD, amount: BTC, clientOrderId: 'x-1' }));
      assert.equal(dup.result.ok ? 'ok' : dup.result.rejection.reason, 'CLIENT_ORDER_ID_IN_USE');
      v.must(order('bob', 'buy', { price: 50_000 * USD, amount: BTC, clientOrderId: 'x-1' }));
      v.must({ type: 'CancelOrder', user: 'alice', market: 'BTC_USDT', clientOrderId: 'x-1' });
      const again = v.must(order('alice', 'buy', { price: 50_000 * USD, amount: BTC, clientOrderId: 'x-1' }));
      assert.notEqual(again.id, a.id);
    });

    it('does not find a filled order to cancel, nor another user’s', () => {
      const v = venue(factory);
      const sell = v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC }));
      v.must(order('alice', 'buy', { price: 60_000 * USD, amount: BTC }));
      const r = v.run({ type: 'CancelOrder', user: 'bob', market: 'BTC_USDT', orderId: sell.id });
      assert.equal(r.result.ok ? 'ok' : r.result.rejection.reason, 'ORDER_NOT_FOUND');
      const rest = v.must(order('bob', 'sell', { price: 70_000 * USD, amount: BTC }));
      const other = v.run({ type: 'CancelOrder', user: 'alice', market: 'BTC_USDT', orderId: rest.id });
      assert.equal(other.result.ok ? 'ok' : other.result.rejection.reason, 'ORDER_NOT_FOUND');
    });

    it('cancel all takes every open order of the user, on one market or all', () => {
      const v = venue(factory);
      v.must(order('alice', 'buy', { price: 50_000 * USD, amount: BTC }));
      v.must(order('alice', 'sell', { price: 70_000 * USD, amount: BTC }));
      v.must(order('bob', 'sell', { price: 70_000 * USD, amount: BTC }));
      assert.deepEqual(v.must({ type: 'CancelAllOrders', user: 'alice', market: 'ETH_BTC', kinds: null }), {
        cancelled: 0,
      });
      assert.deepEqual(v.must({ type: 'CancelAllOrders', user: 'alice', market: null, kinds: null }), {
        cancelled: 2,
      });
      assert.equal(v.state.trading.orders.size, 1);
      assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(1_000_000), freeze: 0n });
      sound(v);
    });
  });

  describe(`${name}: self-trade prevention`, () => {
    const setup = (): { v: TestVenue; restId: number } => {
      const v = venue(factory);
      const rest = v.must(order('alice', 'sell', { price: 60_000 * USD, amount: BTC }));
      v.must(order('bob', 'sell', { price: 60_100 * USD, amount: BTC }));
      return { v, restId: rest.id };
    };

    it('no: trades with itself', () => {
      const { v, restId } = setup();
      const t = v.must(order('alice', 'buy', { price: 60_000 * USD, amount: BTC, stp: 'no' }));
      assert.equal(t.status, 'FILLED');
      assert.equal(v.state.trading.orders.has(restId), false);
      sound(v);
    });

    it('cn: cancels the new order, the resting one stays', () => {
      const { v, restId } = setup();
      const t = v.must(order('alice', 'buy', { price: 60_100 * USD, amount: BTC, stp: 'cn' }));
      assert.equal(t.status, 'CANCELLED');
      assert.equal(t.dealStock, 0);
      assert.equal(v.state.trading.orders.has(restId), true);
      sound(v);
    });

    it('co: cancels the resting order and goes on matching others', () => {
      const { v, restId } = setup();
      const t = v.must(order('alice', 'buy', { price: 60_100 * USD, amount: BTC, stp: 'co' }));
      assert.equal(t.status, 'FILLED');
      assert.equal(v.state.trading.orders.has(restId), false);
      assert.equal(v.spot('alice', 'BTC').available, sats(11));
      sound(v);
    });

    it('cb: cancels both', () => {
      const { v, restId } = setup();
      const t = v.must(order('alice', 'buy', { price: 60_100 * USD, amount: BTC, stp: 'cb' }));
      assert.equal(t.status, 'CANCELLED');
      assert.equal(v.state.trading.orders.has(restId), false);
      assert.equal(v.state.trading.orders.size, 1);
      sound(v);
    });
  });

  describe(`${name}: market orders`, () => {
    it('a market buy spends its money amount, with the taker fee on top', () => {
      const v = venue(factory);
      v.must(order('bob', 'sell', { price: 50_000 * USD, amount: BTC / 10 }));
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC }));
      const m = v.must(order('alice', 'buy', { orderType: 'market', amount: Number(usdt(11_000)) }));
      // 0.1 BTC at 50 000 (5 000) then 0.1 BTC at 60 000 (6 000)
      assert.equal(m.status, 'FILLED');
      assert.equal(m.dealStock, BTC / 5);
      assert.equal(m.left, 0);
      assert.equal(m.dealFee, usdt(22));
      assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(1_000_000 - 11_022), freeze: 0n });
      sound(v);
    });

    it('a filled market buy whose last money buys less than a lot shows nothing left', () => {
      const v = venue(factory);
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC }));
      // 100.005 USDT buys 0.001666 BTC at 60 000 (99.96); the 0.045 left cannot pay for one more lot
      const m = v.must(order('alice', 'buy', { orderType: 'market', amount: 100_005_000 }));
      assert.equal(m.status, 'FILLED');
      assert.equal(m.dealStock, 1_666);
      assert.equal(m.left, 0);
      // what it did not spend goes back: 99.96 and its 0.2 % fee were paid, nothing else
      assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(1_000_000) - 99_960_000n - 199_920n, freeze: 0n });
      sound(v);
    });

    it('a filled stock-market buy that its balance stopped short shows nothing left', () => {
      const v = venue(factory);
      v.user('carol', { USDT: '30100' });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC }));
      const m = v.must(order('carol', 'buy', { orderType: 'stock market', amount: BTC }));
      assert.equal(m.status, 'FILLED');
      assert.equal(m.left, 0);
      sound(v);
    });

    it('a market buy holds amount plus fee up front', () => {
      const v = venue(factory);
      const r = v.run(order('alice', 'buy', { orderType: 'market', amount: Number(usdt(999_000)) }));
      assert.equal(r.result.ok ? 'ok' : r.result.rejection.reason, 'NOT_ENOUGH_BALANCE');
    });

    it('a market sell sells its stock down the book; with no liquidity it is cancelled', () => {
      const v = venue(factory);
      const empty = v.must(order('alice', 'sell', { orderType: 'market', amount: BTC }));
      assert.equal(empty.status, 'CANCELLED');
      v.must(order('bob', 'buy', { price: 60_000 * USD, amount: BTC / 2 }));
      v.must(order('bob', 'buy', { price: 59_000 * USD, amount: BTC / 2 }));
      const m = v.must(order('alice', 'sell', { orderType: 'market', amount: BTC }));
      assert.equal(m.status, 'FILLED');
      assert.equal(v.spot('alice', 'USDT').available, usdt(1_000_000 + 59_500 - 119));
      sound(v);
    });

    it('a stock-market buy buys its amount of stock with what the balance covers', () => {
      const v = venue(factory);
      v.user('carol', { USDT: '30100' });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC }));
      const m = v.must(order('carol', 'buy', { orderType: 'stock market', amount: BTC }));
      // 30 100 covers 0.500665 BTC at 60 000 with the 0.2 % fee (30 039.9 + 60.0798), not one lot more
      assert.equal(m.dealStock, 500_665);
      assert.equal(m.status, 'FILLED');
      assert.deepEqual(v.spot('carol', 'USDT'), { available: 20_200n, freeze: 0n });
      sound(v);
    });
  });

  describe(`${name}: stops`, () => {
    const traded = (): TestVenue => {
      const v = venue(factory);
      v.user('carol', { USDT: '1000000', BTC: '10' });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 10 }));
      v.must(order('alice', 'buy', { price: 60_000 * USD, amount: BTC / 10 }));
      return v;
    };

    it('refuses a stop with no trade yet, or at the last price', () => {
      const v = venue(factory);
      const none = v.run(order('alice', 'buy', { orderType: 'stop market', amount: 100, activationPrice: 1 }));
      assert.equal(none.result.ok ? 'ok' : none.result.rejection.reason, 'STOP_NO_LAST_PRICE');
      const t = traded();
      const equal = t.run(
        order('alice', 'buy', { orderType: 'stop market', amount: 100_000_000, activationPrice: 60_000 * USD }),
      );
      assert.equal(equal.result.ok ? 'ok' : equal.result.rejection.reason, 'STOP_AT_LAST_PRICE');
    });

    it('sets the condition from the last price, holds from placement, triggers on a crossing trade', () => {
      const v = traded();
      const stop = v.must(
        order('carol', 'buy', {
          orderType: 'stop market',
          amount: Number(usdt(6_200)),
          activationPrice: 61_000 * USD,
          activationPriceText: '61000',
        }),
      );
      assert.equal(stop.activationCondition, 'gte');
      assert.equal(stop.activated, 0);
      assert.deepEqual(v.spot('carol', 'USDT'), { available: usdt(1_000_000 - 6_212.4), freeze: usdt(6_212.4) });
      // liquidity above, and a trade at 60 500 does not reach 61 000
      v.must(order('bob', 'sell', { price: 60_500 * USD, amount: BTC / 10 }));
      v.must(order('bob', 'sell', { price: 61_000 * USD, amount: BTC / 10 }));
      v.must(order('bob', 'sell', { price: 62_000 * USD, amount: BTC }));
      v.must(order('alice', 'buy', { price: 60_500 * USD, amount: BTC / 10 }));
      assert.equal(v.state.trading.orders.get(stop.id)?.activated, 0);
      // alice's trade at 61 000 sets it off; it buys at 62 000 with its 6 200
      v.must(order('alice', 'buy', { price: 61_000 * USD, amount: BTC / 10 }));
      assert.equal(v.state.trading.orders.has(stop.id), false);
      assert.equal(v.spot('carol', 'BTC').available, sats(10.1));
      assert.deepEqual(v.spot('carol', 'USDT'), { available: usdt(1_000_000 - 6_200 - 12.4), freeze: 0n });
      sound(v);
    });

    it('a sell stop below the last price waits for a trade at or below it', () => {
      const v = traded();
      const stop = v.must(
        order('carol', 'sell', {
          orderType: 'stop limit',
          amount: BTC,
          price: 58_000 * USD,
          activationPrice: 59_000 * USD,
        }),
      );
      assert.equal(stop.activationCondition, 'lte');
      assert.deepEqual(v.spot('carol', 'BTC'), { available: sats(9), freeze: sats(1) });
      v.must(order('bob', 'buy', { price: 59_500 * USD, amount: BTC / 10 }));
      v.must(order('alice', 'sell', { price: 59_500 * USD, amount: BTC / 10 }));
      assert.equal(v.state.trading.orders.get(stop.id)?.activated, 0);
      v.must(order('bob', 'buy', { price: 59_000 * USD, amount: BTC / 10 }));
      v.must(order('alice', 'sell', { price: 59_000 * USD, amount: BTC / 10 }));
      // activated: rests as a limit at 58 000 with the same id, stamped with the time of the trade that set it off
      const live = v.state.trading.orders.get(stop.id);
      assert.equal(live?.activated, v.time);
      // a snapshot keeps that time
      assert.equal(decodeState(encodeState(v.state)).trading.orders.get(stop.id)?.activated, v.time);
      assert.equal(v.state.trading.markets.get('BTC_USDT')?.book.best('sell')?.id, stop.id);
      sound(v);
    });

    it('a stop-limit takes its flags when set off: post-only is cancelled rather than take, ioc cancels its remainder', () => {
      const v = traded();
      v.must(order('bob', 'buy', { price: 59_000 * USD, amount: BTC / 10 }));
      v.must(order('bob', 'buy', { price: 58_500 * USD, amount: (2 * BTC) / 10 }));
      // post-only, accepted although a sell at 58 000 would take the bids now: it only rests once set off
      const post = v.must(
        order('carol', 'sell', {
          orderType: 'stop limit',
          amount: BTC / 10,
          price: 58_000 * USD,
          activationPrice: 59_000 * USD,
          postOnly: true,
        }),
      );
      assert.equal(post.status, 'NEW');
      // a trade at 59 000 sets it off with bob's bid at 58 500 still there: it would take it
      v.must(order('alice', 'sell', { price: 59_000 * USD, amount: BTC / 10 }));
      assert.equal(v.state.trading.orders.has(post.id), false);
      assert.deepEqual(v.spot('carol', 'BTC'), { available: sats(10), freeze: 0n });
      // ioc: sells what the bids take at 58 000 or better once set off, and cancels the rest
      const ioc = v.must(
        order('carol', 'sell', {
          orderType: 'stop limit',
          amount: (2 * BTC) / 10,
          price: 58_000 * USD,
          activationPrice: 58_800 * USD,
          ioc: true,
        }),
      );
      v.must(order('alice', 'sell', { price: 58_500 * USD, amount: BTC / 10 }));
      assert.equal(v.state.trading.orders.has(ioc.id), false);
      assert.equal(v.state.trading.markets.get('BTC_USDT')?.book.best('buy'), undefined);
      assert.deepEqual(v.spot('carol', 'BTC'), { available: sats(9.9), freeze: 0n });
      sound(v);
    });

    it('cascades in activation-price order, then placement order', () => {
      const v = traded();
      v.user('dave', { USDT: '1000000', BTC: '10' });
      // three sell stops below 60 000; each sells 0.1 BTC at market
      const s1 = v.must(
        order('carol', 'sell', { orderType: 'stop market', amount: BTC / 10, activationPrice: 59_000 * USD }),
      );
      const s2 = v.must(
        order('dave', 'sell', { orderType: 'stop market', amount: BTC / 10, activationPrice: 59_500 * USD }),
      );
      const s3 = v.must(
        order('carol', 'sell', { orderType: 'stop market', amount: BTC / 10, activationPrice: 59_500 * USD }),
      );
      v.must(order('bob', 'buy', { price: 59_500 * USD, amount: BTC / 10 }));
      v.must(order('bob', 'buy', { price: 59_200 * USD, amount: BTC / 10 }));
      v.must(order('bob', 'buy', { price: 59_000 * USD, amount: BTC / 10 }));
      v.must(order('bob', 'buy', { price: 58_000 * USD, amount: BTC }));
      const { events } = v.run(order('alice', 'sell', { price: 59_500 * USD, amount: BTC / 10 }));
      const activated = events.filter((e) => e.type === 'StopActivated').map((e) => e.orderId);
      // 59 500 sets off s2 then s3 (same price, placement order); s2 sells at 59 200, s3 at 59 000,
      // and that trade sets off s1
      assert.deepEqual(activated, [s2.id, s3.id, s1.id]);
      const prices = events.filter((e) => e.type === 'TradeExecuted').map((e) => e.price);
      assert.deepEqual(prices, [59_500 * USD, 59_200 * USD, 59_000 * USD, 58_000 * USD]);
      sound(v);
    });

    it('cancelling a waiting stop releases its hold', () => {
      const v = traded();
      const stop = v.must(
        order('carol', 'sell', { orderType: 'stop market', amount: BTC, activationPrice: 59_000 * USD }),
      );
      v.must({ type: 'CancelOrder', user: 'carol', market: 'BTC_USDT', orderId: stop.id });
      assert.deepEqual(v.spot('carol', 'BTC'), { available: sats(10), freeze: 0n });
      sound(v);
    });
  });
}
