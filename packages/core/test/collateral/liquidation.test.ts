import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatUnits, liquidationPrice, RULES, type AccountLiquidated } from '../../src/index.js';
import { BOOKS } from '../support/books.js';
import { BTC_PERP, collateralOrder, CollateralVenue, sound } from '../support/collateral-venue.js';
import { usdt } from '../support/units.js';

/** BTC_PERP: lots of 0.0001 BTC, ticks of 0.1 USDT. */
const LOT = 10_000;
const TICK = 10;

/** carol long 0.1 BTC at 60 000 on 1 000 USDT (997 after the taker fee), dave short against her. */
function venue(factory: (typeof BOOKS)[number]['factory'], rules?: number): CollateralVenue {
  const v = new CollateralVenue(factory, undefined, rules);
  v.collateralUser('carol', { USDT: '1000' });
  for (const u of ['dave', 'erin']) v.collateralUser(u, { USDT: '10000' });
  v.must(collateralOrder('dave', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: LOT / 10 }));
  v.must(collateralOrder('carol', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT / 10 }));
  assert.equal(v.collateral('carol', 'USDT'), usdt('997'));
  return v;
}

function insurance(v: CollateralVenue): bigint {
  return v.state.ledger.insuranceFund.get('USDT') ?? 0n;
}

function rejection(out: { result: { ok: boolean; rejection?: { reason: string } } }): string {
  return out.result.ok ? 'accepted' : (out.result.rejection?.reason ?? '');
}

/** `user`, with `usdt` of collateral, goes long `lots` at 60 000 against dave, at `leverage` when given. */
function longAt60000(v: CollateralVenue, user: string, usdt: string, lots: number, leverage?: number): void {
  v.collateralUser(user, { USDT: usdt });
  if (leverage !== undefined) v.must({ type: 'SetLeverage', user, leverage });
  v.must(collateralOrder('dave', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: lots }));
  v.must(collateralOrder(user, 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: lots }));
}

/**
 * `user`, with `usdt` of collateral, bids `price` for 0.1 BTC, at `leverage` when given: without a
 * setting, the account is made by the bid's first fill.
 */
function bids(v: CollateralVenue, user: string, usdt: string, price: number, leverage?: number): void {
  v.collateralUser(user, { USDT: usdt });
  if (leverage !== undefined) v.must({ type: 'SetLeverage', user, leverage });
  v.must(collateralOrder(user, 'BTC_PERP', 'buy', { price: price * TICK, amount: LOT / 10 }));
}

function liquidatedBy(v: CollateralVenue): string[] {
  const out = v.run({ type: 'CheckLiquidations' });
  return out.result.ok ? out.result.value.liquidated : [];
}

function liquidations(events: readonly { type: string }[]): AccountLiquidated[] {
  return events.filter((e): e is AccountLiquidated => e.type === 'AccountLiquidated');
}

for (const { name, factory } of BOOKS) {
  describe(`${name}: liquidation`, () => {
    it('nothing happens while every account is above its maintenance margin', () => {
      const v = venue(factory);
      v.index('BTC', '55500');
      const out = v.run({ type: 'CheckLiquidations' });
      assert.equal(out.result.ok ? 'liquidated' : out.result.rejection.reason, 'NOTHING_TO_LIQUIDATE');
      assert.deepEqual(out.events, []);
    });

    it('an account made after a check is checked by the next one', () => {
      const v = venue(factory);
      v.index('BTC', '54000');
      assert.equal(rejection(v.run({ type: 'CheckLiquidations' })), 'NOTHING_TO_LIQUIDATE');
      // frank long 0.1 BTC at 60 000 on 650 USDT (647 after the fee): below 3 % of 5 400 at 54 000, carol not
      longAt60000(v, 'frank', '650', LOT / 10);
      v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 54_000 * TICK, amount: LOT / 10 }));
      const out = v.run({ type: 'CheckLiquidations' });
      assert.ok(out.result.ok);
      assert.deepEqual(out.result.value.liquidated, ['frank']);
      sound(v);
    });

    it('accounts are liquidated in name order, not in the order they were made', () => {
      const v = venue(factory);
      v.index('BTC', '54000');
      assert.equal(rejection(v.run({ type: 'CheckLiquidations' })), 'NOTHING_TO_LIQUIDATE');
      // frank, then amy: each long 0.1 BTC at 60 000 on 650 USDT, both below maintenance at 54 000
      for (const u of ['frank', 'amy']) longAt60000(v, u, '650', LOT / 10);
      v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 54_000 * TICK, amount: LOT / 5 }));
      const out = v.run({ type: 'CheckLiquidations' });
      assert.ok(out.result.ok);
      assert.deepEqual(out.result.value.liquidated, ['amy', 'frank']);
      assert.deepEqual(
        liquidations(out.events).map((e) => e.user),
        ['amy', 'frank'],
      );
      sound(v);
    });

    /**
     * frank long 0.1 BTC at 60 000 on 650 USDT. At an index of 54 000, `taker` (50 times leverage, 115
     * USDT) bids 55 000 for 0.1 BTC, which holds the mark there: frank's equity, 647 − 500, is below 3 %
     * of 5 500. Liquidating frank sells into that bid; the mark falls back to the index, and the taker,
     * long at 55 000 on about 15 USDT, is below its 1 % in turn. erin's bid at 53 000 takes its close.
     */
    function takerOfFranksClose(factory: (typeof BOOKS)[number]['factory'], taker: string): CollateralVenue {
      const v = venue(factory);
      longAt60000(v, 'frank', '650', LOT / 10);
      v.index('BTC', '54000');
      bids(v, taker, '115', 55_000, 50);
      v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 53_000 * TICK, amount: LOT / 5 }));
      return v;
    }

    it('an account given a position by a liquidation is liquidated in the same check if its name comes later', () => {
      const v = takerOfFranksClose(factory, 'zoe');
      assert.deepEqual(liquidatedBy(v), ['frank', 'zoe']);
      assert.equal(v.position('zoe', 'BTC_PERP'), undefined);
      sound(v);
    });

    it('an account given a position by a liquidation waits for the next check if its name comes earlier', () => {
      const v = takerOfFranksClose(factory, 'abe');
      assert.deepEqual(liquidatedBy(v), ['frank']);
      assert.deepEqual(liquidatedBy(v), ['abe']);
      sound(v);
    });

    it('accounts that one liquidation gives positions are visited in name order, not in the order they filled', () => {
      // frank long 0.2 BTC at 60 000 on 1 300 USDT; at an index of 54 000, zoe bids 55 100 and nia 55 000
      // for 0.1 BTC each (50 times, 115 USDT): the mark at 55 100 puts frank below 3 %, his close fills
      // zoe, then nia, and the mark back at the index puts both below their 1 %
      const v = venue(factory);
      longAt60000(v, 'frank', '1300', LOT / 5);
      v.index('BTC', '54000');
      bids(v, 'zoe', '115', 55_100, 50);
      bids(v, 'nia', '115', 55_000, 50);
      v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 53_000 * TICK, amount: LOT / 2 }));
      assert.deepEqual(liquidatedBy(v), ['frank', 'nia', 'zoe']);
      sound(v);
    });

    it('an account made by taking a liquidated position waits for the next check', () => {
      // frank long 0.1 BTC at 60 000 on 125 USDT at 50 times; zoe, who never set anything, so that her
      // account is made by her first fill, bids 59 000 on 595 USDT: at an index of 54 000 her bid holds
      // the mark at 59 000, where frank is below 1 %, and she is below 3 % once it is gone
      const v = venue(factory);
      longAt60000(v, 'frank', '125', LOT / 10, 50);
      v.index('BTC', '54000');
      bids(v, 'zoe', '595', 59_000);
      v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 53_000 * TICK, amount: LOT / 5 }));
      assert.equal(v.state.collateral.accounts.has('zoe'), false);
      assert.deepEqual(liquidatedBy(v), ['frank']);
      assert.deepEqual(liquidatedBy(v), ['zoe']);
      sound(v);
    });

    it('below maintenance: orders cancelled, the position closed at market, the surplus to the insurance fund', () => {
      const v = venue(factory);
      const resting = v.must(collateralOrder('carol', 'BTC_PERP', 'buy', { price: 40_000 * TICK, amount: 1 }));
      v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 51_000 * TICK, amount: LOT / 10 }));
      // equity 997 − 900 = 97 is below the maintenance margin, 3 % of 5 100
      v.index('BTC', '51000');
      const out = v.run({ type: 'CheckLiquidations' });
      assert.ok(out.result.ok);
      assert.deepEqual(out.result.value.liquidated, ['carol']);
      assert.equal(v.state.trading.orders.has(resting.id), false);
      assert.equal(v.position('carol', 'BTC_PERP'), undefined);
      assert.equal(v.position('erin', 'BTC_PERP')?.size, LOT / 10);
      // sold at 51 000: −900 and a 2.55 taker fee leave 94.45, below the 153 maintenance: all of it is the fee
      assert.equal(v.collateral('carol', 'USDT'), 0n);
      assert.equal(insurance(v), usdt('94.45'));
      const [event] = liquidations(out.events);
      assert.deepEqual(event?.insurance, [{ ticker: 'USDT', amount: usdt('94.45') }]);
      assert.equal(event?.complete, true);
      sound(v);
    });

    it("the clearance fee is taken in the position's money as far as the account holds it; other assets stay", () => {
      const v = venue(factory);
      // carol also holds 0.001 BTC
      v.must({
        type: 'CreditDeposit',
        transactionId: 'carol-btc',
        user: 'carol',
        ticker: 'BTC',
        amount: 100_000n,
        network: null,
        txid: 'carol-btc',
        address: null,
        memo: null,
      });
      v.must({ type: 'Transfer', user: 'carol', ticker: 'BTC', amount: 100_000n, from: 'main', to: 'collateral' });
      v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 51_000 * TICK, amount: LOT / 10 }));
      // equity 997 − 900 + 51 = 148, below 3 % of 5 100
      v.index('BTC', '51000');
      assert.ok(v.run({ type: 'CheckLiquidations' }).result.ok);
      // sold at 51 000: 94.45 USDT left and the bitcoin; equity 145.45 of which the fee can take the USDT
      assert.equal(v.collateral('carol', 'USDT'), 0n);
      assert.equal(v.collateral('carol', 'BTC'), 100_000n);
      assert.equal(insurance(v), usdt('94.45'));
      sound(v);
    });

    it('under version 2 a shortfall is absorbed by the insurance fund, which repays the lending pool, empty or not', () => {
      const v = venue(factory, RULES.lockedLeverage);
      v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 45_000 * TICK, amount: LOT / 10 }));
      const pool = v.pool('USDT');
      v.index('BTC', '45000');
      const out = v.run({ type: 'CheckLiquidations' });
      assert.ok(out.result.ok);
      // sold at 45 000: 997 − 2.25 − 1 500 = −505.25, lent by the pool, then paid by the fund
      assert.equal(v.loan('carol', 'BTC_PERP', 'USDT'), 0n);
      assert.equal(v.state.collateral.accounts.get('carol')?.loans.size, 0);
      assert.equal(v.collateral('carol', 'USDT'), 0n);
      assert.equal(insurance(v), -usdt('505.25'));
      assert.equal(v.pool('USDT'), pool);
      assert.deepEqual(liquidations(out.events)[0]?.insurance, [{ ticker: 'USDT', amount: -usdt('505.25') }]);
      sound(v);
    });

    it('under version 2 a position the book cannot absorb stays open, and the next check closes it', () => {
      const v = venue(factory, RULES.lockedLeverage);
      v.index('BTC', '51000');
      // no bid and no order to cancel: nothing to do, and nothing journaled, however often it is asked
      const idle = v.run({ type: 'CheckLiquidations' });
      assert.equal(idle.result.ok ? 'liquidated' : idle.result.rejection.reason, 'NOTHING_TO_LIQUIDATE');
      assert.deepEqual(idle.events, []);
      // a bid for one lot of it: what it takes is closed, the rest stays open for the next check
      v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 51_000 * TICK, amount: 1 }));
      const first = v.run({ type: 'CheckLiquidations' });
      assert.ok(first.result.ok);
      assert.deepEqual(
        liquidations(first.events).map((e) => [e.user, e.complete, e.insurance]),
        [['carol', false, []]],
      );
      assert.equal(v.position('carol', 'BTC_PERP')?.size, LOT / 10 - 1);
      sound(v);
      v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 51_000 * TICK, amount: LOT / 10 - 1 }));
      const second = v.run({ type: 'CheckLiquidations' });
      assert.ok(second.result.ok);
      assert.equal(v.position('carol', 'BTC_PERP'), undefined);
      assert.equal(liquidations(second.events)[0]?.complete, true);
      sound(v);
    });

    it('a close the market refuses (trading halted) changes nothing, and nothing is journaled', () => {
      const v = venue(factory);
      v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 51_000 * TICK, amount: LOT / 10 }));
      v.must({ type: 'DefineMarket', market: { ...BTC_PERP, tradesEnabled: false } });
      v.index('BTC', '51000');
      for (let i = 0; i < 3; i++) {
        const out = v.run({ type: 'CheckLiquidations' });
        assert.equal(out.result.ok ? 'liquidated' : out.result.rejection.reason, 'NOTHING_TO_LIQUIDATE');
        assert.deepEqual(out.events, []);
      }
      assert.equal(v.position('carol', 'BTC_PERP')?.size, LOT / 10);
      v.must({ type: 'DefineMarket', market: BTC_PERP });
      assert.ok(v.run({ type: 'CheckLiquidations' }).result.ok);
      assert.equal(v.position('carol', 'BTC_PERP'), undefined);
      sound(v);
    });

    it('acts exactly where the liquidation price says', () => {
      const v = venue(factory);
      const pos = v.position('carol', 'BTC_PERP')!;
      // equity 997 + 0.1 (P − 60 000) meets 0.003 P at P = 5 003 / 0.097
      const price = liquidationPrice(v.state, 'carol', pos, 6, v.time);
      assert.equal(price, 51_577_319_587n);
      v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 40_000 * TICK, amount: LOT / 10 }));
      v.index('BTC', formatUnits(price + 10_000n, 6));
      assert.equal(v.run({ type: 'CheckLiquidations' }).result.ok, false);
      v.index('BTC', formatUnits(price - 10_000n, 6));
      const out = v.run({ type: 'CheckLiquidations' });
      assert.ok(out.result.ok);
      assert.deepEqual(out.result.value.liquidated, ['carol']);
      sound(v);
    });
  });
}
