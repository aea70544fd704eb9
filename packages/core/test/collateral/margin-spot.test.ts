import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BOOKS } from '../support/books.js';
import { collateralOrder, CollateralVenue, DAY, sound } from '../support/collateral-venue.js';
import { sats, usdt } from '../support/units.js';
import { order } from '../support/venue.js';

const BTC = 1_000_000;
const USD = 100;

for (const { name, factory } of BOOKS) {
  describe(`${name}: margin on a spot pair`, () => {
    it('a margin long filled by a spot seller borrows its shortfall; closing it pays interest and repays the loan', () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('alice', { USDT: '1000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      const pool = v.pool('USDT');
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 10 }));
      const buy = v.must(collateralOrder('alice', 'BTC_USDT', 'buy', { price: 60_000 * USD, amount: BTC / 10 }));
      assert.equal(buy.status, 'FILLED');
      // 6 000 + 0.2 % taker fee: 1 000 of alice's own, 5 012 borrowed
      assert.equal(v.collateral('alice', 'USDT'), 0n);
      assert.equal(v.collateral('alice', 'BTC'), sats('0.1'));
      assert.equal(v.loan('alice', 'BTC_USDT', 'USDT'), usdt('5012'));
      assert.equal(v.pool('USDT'), pool - usdt('5012'));
      assert.deepEqual(v.spot('bob', 'USDT'), { available: usdt('105994'), freeze: 0n });
      assert.deepEqual(v.spot('bob', 'BTC'), { available: sats('0.9'), freeze: 0n });
      assert.equal(v.fee('USDT'), usdt('18'));
      const pos = v.position('alice', 'BTC_USDT');
      assert.equal(pos?.size, BTC / 10);
      sound(v);

      // one day later alice sells into bob's bid at 61 000
      v.time += DAY - 2_000_000;
      v.must(order('bob', 'buy', { price: 61_000 * USD, amount: BTC / 10 }));
      const sell = v.must(collateralOrder('alice', 'BTC_USDT', 'sell', { price: 61_000 * USD, amount: BTC / 10 }));
      assert.equal(sell.status, 'FILLED');
      // proceeds 6 100 − 12.2; interest 5 012 × 0.03 % = 1.5036 to the pool; the loan repaid
      assert.equal(v.collateral('alice', 'BTC'), 0n);
      assert.equal(v.collateral('alice', 'USDT'), usdt('1074.2964'));
      assert.equal(v.loan('alice', 'BTC_USDT', 'USDT'), 0n);
      assert.equal(v.pool('USDT'), pool + usdt('1.5036'));
      assert.equal(v.fee('USDT'), usdt('36.3'));
      assert.equal(v.position('alice', 'BTC_USDT'), undefined);
      assert.equal(v.state.collateral.accounts.get('alice')?.loans.size, 0);
      sound(v);
    });

    for (const rules of [5, undefined]) {
      it(`the stock of a long stays in the collateral account; what is beyond it may leave (rules ${rules ?? 'current'})`, () => {
        const v = new CollateralVenue(factory, undefined, rules);
        v.collateralUser('alice', { USDT: '10000', BTC: '0.01' });
        v.user('bob', { USDT: '100000', BTC: '1' });
        v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 10 }));
        v.must(collateralOrder('alice', 'BTC_USDT', 'buy', { price: 60_000 * USD, amount: BTC / 10 }));
        const out = (btc: string) =>
          v.run({ type: 'Transfer', user: 'alice', ticker: 'BTC', amount: sats(btc), from: 'collateral', to: 'main' });
        const twice = out('0.02').result;
        if (rules === 5) {
          // journals before rules 6: the position's own stock left, the position stayed at 0.1
          assert.ok(twice.ok);
          assert.equal(v.collateral('alice', 'BTC'), sats('0.09'));
        } else {
          assert.deepEqual(twice.ok ? 'accepted' : [twice.rejection.reason, twice.rejection.params], [
            'TRANSFER_INSUFFICIENT_FUNDS',
            { available: '0.01', amount: '0.02' },
          ]);
          assert.ok(out('0.01').result.ok);
          assert.equal(v.collateral('alice', 'BTC'), sats('0.1'));
        }
        assert.equal(v.position('alice', 'BTC_USDT')?.size, BTC / 10);
        sound(v);
      });
    }

    it('a sell of the long holds part of its stock already: it is not kept back twice', () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('alice', { USDT: '10000', BTC: '0.05' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 10 }));
      v.must(collateralOrder('alice', 'BTC_USDT', 'buy', { price: 60_000 * USD, amount: BTC / 10 }));
      v.must(collateralOrder('alice', 'BTC_USDT', 'sell', { price: 70_000 * USD, amount: BTC / 20, reduceOnly: true }));
      const out = (btc: string) =>
        v.run({ type: 'Transfer', user: 'alice', ticker: 'BTC', amount: sats(btc), from: 'collateral', to: 'main' })
          .result;
      const over = out('0.050001');
      assert.deepEqual(over.ok ? 'accepted' : over.rejection.params, { available: '0.05', amount: '0.050001' });
      assert.ok(out('0.05').ok);
      sound(v);
    });

    /**
     * Two reduce-only sells of a whole long: the first holds the account's stock, so the second, filled,
     * borrows it, and the position closes. The first is then cancelled and its stock repays that loan.
     */
    const closedByTheSecondCloser = (rules?: number): { v: CollateralVenue; pool: bigint } => {
      const v = new CollateralVenue(factory, undefined, rules);
      const pool = v.pool('BTC');
      v.collateralUser('alice', { USDT: '10000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 100 }));
      v.must(collateralOrder('alice', 'BTC_USDT', 'buy', { price: 60_000 * USD, amount: BTC / 100 }));
      const first = { price: 61_000 * USD, amount: BTC / 100, reduceOnly: true };
      v.must(collateralOrder('alice', 'BTC_USDT', 'sell', first));
      v.must(collateralOrder('alice', 'BTC_USDT', 'sell', { ...first, price: 60_500 * USD }));
      v.must(order('bob', 'buy', { price: 60_500 * USD, amount: BTC / 100 }));
      assert.equal(v.position('alice', 'BTC_USDT'), undefined);
      return { v, pool };
    };

    it('a closing order cancelled once its position closed repays the loan its sibling took', () => {
      const { v, pool } = closedByTheSecondCloser();
      assert.equal(v.loan('alice', 'BTC_USDT', 'BTC'), 0n);
      assert.equal(v.collateral('alice', 'BTC'), 0n);
      assert.equal(v.state.collateral.accounts.get('alice')?.loans.size, 0);
      assert.equal(v.pool('BTC'), pool);
      sound(v);
    });

    for (const rules of [4, undefined]) {
      it(`money arriving pays the interest of every idle loan that owes it, even one it cannot repay (rules ${rules ?? 'current'})`, () => {
        const v = new CollateralVenue(factory, undefined, rules);
        const TICK = 10;
        const LOT = 10_000;
        v.collateralUser('carol', { USDT: '100', ETH: '10' });
        v.collateralUser('dave', { USDT: '100000', BTC: '10' });
        v.must({ type: 'SetLeverage', user: 'carol', leverage: 100 });
        // a perpetual long and a margin long, each closed at a loss beyond carol's money
        v.must(collateralOrder('dave', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: LOT / 10 }));
        v.must(collateralOrder('carol', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT / 10 }));
        v.must(collateralOrder('dave', 'BTC_PERP', 'buy', { price: 58_000 * TICK, amount: LOT / 10 }));
        v.must(collateralOrder('carol', 'BTC_PERP', 'sell', { price: 58_000 * TICK, amount: LOT / 10 }));
        v.must(collateralOrder('dave', 'BTC_USDT', 'sell', { price: 60_000 * USD, amount: BTC / 100 }));
        v.must(collateralOrder('carol', 'BTC_USDT', 'buy', { price: 60_000 * USD, amount: BTC / 100 }));
        v.time += DAY;
        v.must(collateralOrder('dave', 'BTC_USDT', 'buy', { price: 55_000 * USD, amount: BTC / 100 }));
        v.must(collateralOrder('carol', 'BTC_USDT', 'sell', { price: 55_000 * USD, amount: BTC / 100 }));
        const loans = v.state.collateral.accounts.get('carol')!.loans;
        const owed = v.loan('carol', 'BTC_USDT', 'USDT');
        assert.deepEqual([...loans.keys()], ['BTC_PERP', 'BTC_USDT']);
        assert.equal(v.collateral('carol', 'USDT'), 0n);

        v.time += DAY;
        v.must({
          type: 'CreditDeposit',
          transactionId: 'c',
          user: 'carol',
          ticker: 'USDT',
          amount: usdt('1'),
          network: null,
          txid: 'c',
          address: null,
          memo: null,
        });
        v.must({ type: 'Transfer', user: 'carol', ticker: 'USDT', amount: usdt('1'), from: 'main', to: 'collateral' });
        // the first loan takes the dollar; the second, with nothing left to repay it, still pays its day's interest into itself
        assert.equal(v.collateral('carol', 'USDT'), 0n);
        const second = loans.get('BTC_USDT')!;
        assert.equal(second.accruedAt, v.time);
        assert.ok(v.loan('carol', 'BTC_USDT', 'USDT') > owed);
        sound(v);
      });
    }

    it('journals of rules version 4 replay as they were decided: the loan stayed beside the stock', () => {
      const { v, pool } = closedByTheSecondCloser(4);
      assert.equal(v.loan('alice', 'BTC_USDT', 'BTC'), sats('0.01'));
      assert.equal(v.pool('BTC'), pool - sats('0.01'));
      assert.equal(v.collateral('alice', 'BTC'), sats('0.01'));
      sound(v);
    });
  });
}
