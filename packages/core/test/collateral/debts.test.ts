import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { accountFigures, fastBook, liquidationState, RULES, type AccountLiquidated } from '../../src/index.js';
import { checkedAgainstEveryAccount } from '../support/check-every-account.js';
import { BOOKS } from '../support/books.js';
import { collateralOrder, CollateralVenue, DAY, sound } from '../support/collateral-venue.js';
import { order } from '../support/venue.js';
import { minor, usdt } from '../support/units.js';

/** BTC_USDT: lots of 10^-6 BTC, ticks of 0.01 USDT. */
const BTC = 1_000_000;
const USD = 100;
const eth = (whole: string): bigint => minor(whole, 8);

/**
 * alice, 1 000 USDT of collateral, bought 0.1 BTC at 60 000 on a 5 012 USDT loan and sold it at
 * 49 000: the loss left part of the loan owing with no position and no money. Then 0.1 ETH arrives in
 * her collateral account: it backs the debt, and its price decides whether that is enough.
 */
function indebted(factory: (typeof BOOKS)[number]['factory'], rules?: number): CollateralVenue {
  const v = new CollateralVenue(factory, undefined, rules);
  v.collateralUser('alice', { USDT: '1000' });
  v.user('bob', { USDT: '100000', BTC: '1' });
  v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 10 }));
  v.must(collateralOrder('alice', 'BTC_USDT', 'buy', { price: 60_000 * USD, amount: BTC / 10 }));
  v.index('BTC', '49000');
  v.must(order('bob', 'buy', { price: 49_000 * USD, amount: BTC / 10 }));
  v.must(collateralOrder('alice', 'BTC_USDT', 'sell', { price: 49_000 * USD, amount: BTC / 10 }));
  assert.equal(v.position('alice', 'BTC_USDT'), undefined);
  assert.equal(v.collateral('alice', 'USDT'), 0n);
  assert.ok(v.loan('alice', 'BTC_USDT', 'USDT') > usdt('121'));
  v.must({
    type: 'CreditDeposit',
    transactionId: 'alice-eth',
    user: 'alice',
    ticker: 'ETH',
    amount: eth('0.1'),
    network: null,
    txid: 'alice-eth',
    address: null,
    memo: null,
  });
  v.must({ type: 'Transfer', user: 'alice', ticker: 'ETH', amount: eth('0.1'), from: 'main', to: 'collateral' });
  return v;
}

function liquidated(v: CollateralVenue): AccountLiquidated[] {
  const out = v.run({ type: 'CheckLiquidations' });
  return out.events.filter((e): e is AccountLiquidated => e.type === 'AccountLiquidated');
}

for (const { name, factory } of BOOKS) {
  describe(`${name}: a loan left after the last position closed`, () => {
    it('is margined: its maintenance is the market’s rate on what is owed', () => {
      const v = indebted(factory);
      const owed = v.loan('alice', 'BTC_USDT', 'USDT');
      const f = accountFigures(v.state, 'alice', v.time);
      // 3 % of the debt (at 1 USDT, 10^30 value units per minor unit), interest included and rounded up
      assert.ok(f.maintenance >= (owed * 3n * 10n ** 30n) / 100n, String(f.maintenance));
      assert.ok(f.maintenance < ((owed + 1_000n) * 3n * 10n ** 30n) / 100n, String(f.maintenance));
      assert.equal(liquidationState(f), null);
      assert.deepEqual(liquidated(v), []);
      sound(v);
    });

    it('is liquidated below that margin: the debt is repaid in kind, at index, and the rest stays the owner’s', () => {
      const v = indebted(factory);
      const pool = { USDT: v.pool('USDT'), ETH: v.pool('ETH') };
      // 0.1 ETH at 1 250 is 125 USDT against some 122 owed: above zero, below the 3 % margin
      v.index('ETH', '1250');
      assert.equal(liquidationState(accountFigures(v.state, 'alice', v.time + 1_000_000)), 'liquidation');
      const [event] = liquidated(v);
      assert.deepEqual([event?.user, event?.complete, event?.positionIds], ['alice', true, []]);
      assert.equal(v.state.collateral.accounts.get('alice')?.loans.size, 0);
      // the pool holds the ETH that repaid it, worth the debt at 1 250 (rounded up to the satoshi)
      const paid = pool.USDT - v.pool('USDT');
      assert.equal(paid, 0n);
      const ethTaken = v.pool('ETH') - pool.ETH;
      assert.ok(ethTaken > eth('0.097') && ethTaken < eth('0.0985'), String(ethTaken));
      assert.equal(v.collateral('alice', 'ETH'), eth('0.1') - ethTaken);
      assert.equal(v.collateral('alice', 'USDT'), 0n);
      // nothing owed, nothing to liquidate
      assert.deepEqual(liquidated(v), []);
      sound(v);
    });

    it('what the account cannot repay the insurance fund pays as far as it can; the rest waits for it', () => {
      const v = indebted(factory);
      // 0.1 ETH at 1 000: 100 USDT for some 122 owed
      v.index('ETH', '1000');
      const [event] = liquidated(v);
      assert.equal(event?.user, 'alice');
      assert.equal(v.collateral('alice', 'ETH'), 0n);
      // the fund holds nothing: it pays nothing, never goes below zero, and the debt waits
      assert.equal(v.state.ledger.insuranceFund.get('USDT') ?? 0n, 0n);
      const left = v.loan('alice', 'BTC_USDT', 'USDT');
      assert.ok(left > usdt('21') && left < usdt('23'), String(left));
      // with nothing the account or the fund could pay with, the check passes it over, journaling nothing
      const idle = v.run({ type: 'CheckLiquidations' });
      assert.equal(idle.result.ok, false);
      sound(v);
    });

    it('an insurance fund that holds the asset pays what the account could not', () => {
      const v = indebted(factory);
      // carol's perpetual long is liquidated first: its clearance fee gives the fund 94.45 USDT
      v.collateralUser('carol', { USDT: '1000' });
      v.collateralUser('dave', { USDT: '10000' });
      v.must(collateralOrder('dave', 'BTC_PERP', 'sell', { price: 600_000, amount: 1_000 }));
      v.must(collateralOrder('carol', 'BTC_PERP', 'buy', { price: 600_000, amount: 1_000 }));
      v.must(collateralOrder('dave', 'BTC_PERP', 'buy', { price: 510_000, amount: 1_000 }));
      v.index('BTC', '51000');
      assert.deepEqual(
        liquidated(v).map((e) => e.user),
        ['carol'],
      );
      const fund = v.state.ledger.insuranceFund.get('USDT') ?? 0n;
      assert.equal(fund, usdt('94.45'));
      v.index('ETH', '1000');
      const owed = v.loan('alice', 'BTC_USDT', 'USDT');
      const [event] = liquidated(v);
      // 0.1 ETH at 1 000 repaid 100 of it in kind, the fund the rest
      assert.equal(event?.user, 'alice');
      assert.equal(v.state.collateral.accounts.get('alice')?.loans.size, 0);
      const paid = fund - (v.state.ledger.insuranceFund.get('USDT') ?? 0n);
      assert.ok(paid > usdt('21') && paid < usdt('23') && paid < owed, String(paid));
      assert.deepEqual(event?.insurance, [{ ticker: 'USDT', amount: -paid }]);
      sound(v);
    });

    for (const rules of [RULES.heldSubAccountWithdrawals, RULES.deletedSubAccountsClosed]) {
      it(`a sub-account owing such a debt ${rules >= RULES.deletedSubAccountsClosed ? 'is not deleted' : 'was deleted under rules 4'}`, () => {
        const v = new CollateralVenue(factory, undefined, rules);
        v.user('bob', { USDT: '100000', BTC: '1' });
        v.must({ type: 'CreateUser', name: 'parent', eea: false });
        v.must({
          type: 'CreateSubAccount',
          parent: 'parent',
          id: 'desk',
          alias: 'desk',
          email: null,
          shareKyc: true,
          spotEnabled: false,
          collateralEnabled: true,
        });
        const deposit = { network: null, txid: null, address: null, memo: null } as const;
        v.must({
          type: 'CreditDeposit',
          transactionId: 'd',
          user: 'desk',
          ticker: 'USDT',
          amount: usdt('1000'),
          ...deposit,
        });
        v.must({
          type: 'Transfer',
          user: 'desk',
          ticker: 'USDT',
          amount: usdt('1000'),
          from: 'main',
          to: 'collateral',
        });
        v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 10 }));
        v.must(collateralOrder('desk', 'BTC_USDT', 'buy', { price: 60_000 * USD, amount: BTC / 10 }));
        v.index('BTC', '49000');
        v.must(order('bob', 'buy', { price: 49_000 * USD, amount: BTC / 10 }));
        v.must(collateralOrder('desk', 'BTC_USDT', 'sell', { price: 49_000 * USD, amount: BTC / 10 }));
        assert.equal(v.collateral('desk', 'USDT'), 0n);
        assert.ok(v.loan('desk', 'BTC_USDT', 'USDT') > 0n);
        const { result } = v.run({ type: 'DeleteSubAccount', parent: 'parent', id: 'desk' });
        assert.deepEqual(
          result.ok ? 'deleted' : result.rejection.reason,
          rules >= RULES.deletedSubAccountsClosed ? 'SUB_ACCOUNT_NOT_EMPTY' : 'deleted',
        );
        sound(v);
      });
    }

    it('an order finished beside it with nothing available to repay leaves it as it was (no interest paid into it)', () => {
      const v = indebted(factory);
      const loan = v.state.collateral.accounts.get('alice')!.loans.get('BTC_USDT')!;
      const [principal, accruedAt] = [v.loan('alice', 'BTC_USDT', 'USDT'), loan.accruedAt];
      v.time += DAY;
      const bid = v.must(collateralOrder('alice', 'BTC_USDT', 'buy', { price: 30_000 * USD, amount: BTC / 1000 }));
      v.must({ type: 'CancelOrder', user: 'alice', market: 'BTC_USDT', orderId: bid.id });
      assert.deepEqual([v.loan('alice', 'BTC_USDT', 'USDT'), loan.accruedAt], [principal, accruedAt]);
      sound(v);
    });

    it('journals written under version 2 never liquidated such a debt', () => {
      const v = indebted(factory, RULES.lockedLeverage);
      v.index('ETH', '1000');
      assert.deepEqual(liquidated(v), []);
      assert.equal(v.collateral('alice', 'ETH'), eth('0.1'));
      sound(v);
    });
  });
}

/** Names whose order is not the order they are made in. */
const NAMES = ['m', 'c', 'x', 'b', 'é', 'K', 'q', 'a0'];

describe('debts without a position, at random', () => {
  it('a check visits every debtor as a pass over every account would; the fund never goes below zero', () => {
    const seen = { debts: 0, settled: 0, waiting: 0 };
    const debtor = fc.record({
      collateral: fc.integer({ min: 650, max: 1_300 }),
      eth: fc.integer({ min: 0, max: 80 }),
      madeAt: fc.nat(100),
    });
    fc.assert(
      fc.property(
        fc.array(debtor, { minLength: 2, maxLength: NAMES.length }),
        // ETH falls from 1 500 by 1 % to 10 % at a time
        fc.array(fc.integer({ min: 90, max: 99 }), { minLength: 10, maxLength: 40, size: 'max' }),
        (debtors, falls) => {
          const v = new CollateralVenue(fastBook);
          v.user('bob', { USDT: '1000000', BTC: '10' });
          const named = debtors.map((d, i) => ({ ...d, name: NAMES[i] as string }));
          const made = [...named].sort((a, b) => a.madeAt - b.madeAt);
          for (const d of made) {
            v.collateralUser(d.name, { USDT: String(d.collateral) });
            v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 10 }));
            v.run(collateralOrder(d.name, 'BTC_USDT', 'buy', { price: 60_000 * USD, amount: BTC / 10 }));
          }
          v.index('BTC', '49000');
          v.index('ETH', '1500');
          for (const d of made) {
            v.must(order('bob', 'buy', { price: 49_000 * USD, amount: BTC / 10 }));
            v.run(collateralOrder(d.name, 'BTC_USDT', 'sell', { price: 49_000 * USD, amount: BTC / 10 }));
            if (d.eth === 0) continue;
            const amount = eth('0.01') * BigInt(d.eth);
            const deposit = `${d.name}-eth`;
            v.must({
              type: 'CreditDeposit',
              transactionId: deposit,
              user: d.name,
              ticker: 'ETH',
              amount,
              network: null,
              txid: deposit,
              address: null,
              memo: null,
            });
            v.must({ type: 'Transfer', user: d.name, ticker: 'ETH', amount, from: 'main', to: 'collateral' });
          }
          for (const d of named) if (v.loan(d.name, 'BTC_USDT', 'USDT') > 0n) seen.debts++;
          let price = 1_500;
          for (const fall of falls) {
            price = Math.floor((price * fall) / 100);
            v.index('ETH', String(price));
            for (let check = 0; check < 2; check++) {
              const out = checkedAgainstEveryAccount(v);
              for (const e of out.events) {
                if (e.type !== 'AccountLiquidated' || e.positionIds.length > 0) continue;
                if (v.state.collateral.accounts.get(e.user)?.loans.size === 0) seen.settled++;
                else seen.waiting++;
              }
              for (const [ticker, amount] of v.state.ledger.insuranceFund) assert.ok(amount >= 0n, ticker);
              sound(v);
            }
          }
        },
      ),
      { seed: 12, numRuns: 150 },
    );
    assert.ok(seen.debts > 100 && seen.settled > 30 && seen.waiting > 30, JSON.stringify(seen));
  });
});
