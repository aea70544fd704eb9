import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adlQuantiles, adlRanking, RULES, type Event } from '../../src/index.js';
import { BOOKS } from '../support/books.js';
import { collateralOrder, CollateralVenue, sound } from '../support/collateral-venue.js';
import { usdt } from '../support/units.js';

/** BTC_PERP: lots of 0.0001 BTC, ticks of 0.1 USDT. */
const LOT = 10_000;
const TICK = 10;

/** `long` buys `lots` at 60 000 from `short`, each with the USDT given (whole units). */
function pair(v: CollateralVenue, long: [string, string], short: [string, string], lots: number): void {
  for (const [user, funds] of [long, short]) {
    if (!v.state.users.has(user)) v.collateralUser(user, { USDT: funds });
  }
  v.must(collateralOrder(short[0], 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: lots }));
  v.must(collateralOrder(long[0], 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: lots }));
}

const fund = (v: CollateralVenue): bigint => v.state.ledger.insuranceFund.get('USDT') ?? 0n;

function ofType<T extends Event['type']>(events: readonly Event[], type: T): Extract<Event, { type: T }>[] {
  return events.filter((e): e is Extract<Event, { type: T }> => e.type === type);
}

for (const { name, factory } of BOOKS) {
  describe(`${name}: auto-deleveraging`, () => {
    it('what no book can take is closed against the opposite position at the bankruptcy price', () => {
      const v = new CollateralVenue(factory);
      // carol long 0.1 at 60 000 on 1 000 USDT (997 after the 3 USDT taker fee), dave short
      pair(v, ['carol', '1000'], ['dave', '10000'], LOT / 10);
      const last = v.state.trading.markets.get('BTC_PERP')?.lastPrice;
      v.index('BTC', '51000');
      const out = v.run({ type: 'CheckLiquidations' });
      assert.ok(out.result.ok);
      // equity without the position 997: closing 0.1 at 50 030 realizes −997, leaving exactly zero
      assert.deepEqual(
        ofType(out.events, 'PositionDeleveraged').map((e) => [e.price, e.lots, e.liquidated.user, e.counterparty.user]),
        [[50_030 * TICK, LOT / 10, 'carol', 'dave']],
      );
      const changes = ofType(out.events, 'PositionChanged').map((e) => [e.user, e.source, e.size, e.realized, e.fee]);
      assert.deepEqual(changes, [
        ['carol', 'adl', 0, -usdt('997'), 0n],
        ['dave', 'adl', 0, usdt('997'), 0n],
      ]);
      assert.equal(v.position('carol', 'BTC_PERP'), undefined);
      assert.equal(v.position('dave', 'BTC_PERP'), undefined);
      assert.equal(v.collateral('carol', 'USDT'), 0n);
      // dave paid a 1.2 maker fee opening, and bought back at 50 030 what he sold at 60 000
      assert.equal(v.collateral('dave', 'USDT'), usdt('10000') - usdt('1.2') + usdt('997'));
      // no trade printed, the last price stands, and the fund neither paid nor took anything
      assert.deepEqual(ofType(out.events, 'TradeExecuted'), []);
      assert.equal(v.state.trading.markets.get('BTC_PERP')?.lastPrice, last);
      assert.equal(fund(v), 0n);
      const [liquidated] = ofType(out.events, 'AccountLiquidated');
      assert.deepEqual([liquidated?.complete, liquidated?.insurance], [true, []]);
      sound(v);
    });

    it('ranks the opposite positions by profit and leverage, and closes the first ones first', () => {
      const v = new CollateralVenue(factory);
      // carol (thin) and erin (rich) long 0.05 each; dave (rich) and frank (thin) short 0.05 each
      pair(v, ['carol', '500'], ['dave', '10000'], LOT / 20);
      pair(v, ['erin', '10000'], ['frank', '1000'], LOT / 20);
      v.index('BTC', '51000');
      // the shorts gained alike; frank's smaller equity makes him the more leveraged: first in line
      assert.deepEqual(
        adlRanking(v.state, 'BTC_PERP', 'short', v.time).map((r) => r.user),
        ['frank', 'dave'],
      );
      // the longs lost alike: the less leveraged loser (erin) comes last
      assert.deepEqual(
        adlRanking(v.state, 'BTC_PERP', 'long', v.time).map((r) => r.user),
        ['carol', 'erin'],
      );
      assert.deepEqual(adlQuantiles(v.state, 'frank', v.time), [{ market: 'BTC_PERP', long: null, short: 4 }]);
      assert.deepEqual(adlQuantiles(v.state, 'dave', v.time), [{ market: 'BTC_PERP', long: null, short: 2 }]);
      assert.deepEqual(adlQuantiles(v.state, 'erin', v.time), [{ market: 'BTC_PERP', long: 2, short: null }]);
      assert.deepEqual(adlQuantiles(v.state, 'erin', v.time, 'BTC_USDT'), []);

      const out = v.run({ type: 'CheckLiquidations' });
      assert.ok(out.result.ok);
      assert.deepEqual(out.result.value.liquidated, ['carol']);
      assert.deepEqual(
        ofType(out.events, 'PositionDeleveraged').map((e) => [e.counterparty.user, e.lots]),
        [['frank', LOT / 20]],
      );
      assert.equal(v.position('frank', 'BTC_PERP'), undefined);
      assert.equal(v.position('dave', 'BTC_PERP')?.size, -LOT / 20);
      sound(v);
    });

    it('a close spread over several opposite positions takes each in rank order', () => {
      const v = new CollateralVenue(factory);
      pair(v, ['carol', '1000'], ['dave', '10000'], LOT / 20);
      pair(v, ['carol', '1000'], ['frank', '1000'], LOT / 40);
      pair(v, ['carol', '1000'], ['gus', '400'], LOT / 40);
      v.index('BTC', '51000');
      const out = v.run({ type: 'CheckLiquidations' });
      // gus, then frank, then dave: the most leveraged first, each for all it holds
      assert.deepEqual(
        ofType(out.events, 'PositionDeleveraged').map((e) => [e.counterparty.user, e.lots]),
        [
          ['gus', LOT / 40],
          ['frank', LOT / 40],
          ['dave', LOT / 20],
        ],
      );
      const [deleveraged] = ofType(out.events, 'PositionDeleveraged');
      // one price for the whole position: where its closing leaves carol's equity at zero
      assert.ok(ofType(out.events, 'PositionDeleveraged').every((e) => e.price === deleveraged?.price));
      assert.equal(v.position('carol', 'BTC_PERP'), undefined);
      assert.equal(v.collateral('carol', 'USDT'), 0n);
      assert.equal(v.state.collateral.accounts.get('carol')?.loans.size ?? 0, 0);
      sound(v);
    });

    it('the book takes what it can down to the price the insurance fund can pay for; the fund never goes below zero', () => {
      const v = new CollateralVenue(factory);
      // a first liquidation into a bid at 51 000 leaves the fund a 94.45 clearance fee
      pair(v, ['carol', '1000'], ['dave', '100000'], LOT / 10);
      v.must(collateralOrder('dave', 'BTC_PERP', 'buy', { price: 51_000 * TICK, amount: LOT / 10 }));
      v.index('BTC', '51000');
      assert.ok(v.run({ type: 'CheckLiquidations' }).result.ok);
      assert.equal(fund(v), usdt('94.45'));
      // gina long 0.1 at 60 000 on 997; a bid at 49 500 is below her bankruptcy price (50 030) but
      // within what the fund can pay: sold there, −1 050 and a 2.475 fee leave a 55.475 shortfall
      v.index('BTC', '60000');
      pair(v, ['gina', '1000'], ['dave', '100000'], LOT / 10);
      v.must(collateralOrder('dave', 'BTC_PERP', 'buy', { price: 49_500 * TICK, amount: LOT / 10 }));
      v.index('BTC', '49500');
      const out = v.run({ type: 'CheckLiquidations' });
      assert.deepEqual(out.result.ok && out.result.value.liquidated, ['gina']);
      assert.deepEqual(ofType(out.events, 'PositionDeleveraged'), []);
      assert.equal(v.position('gina', 'BTC_PERP'), undefined);
      assert.equal(fund(v), usdt('94.45') - usdt('55.475'));
      assert.equal(v.state.collateral.accounts.get('gina')?.loans.size ?? 0, 0);
      sound(v);
    });

    it('what the fund cannot pay for is left to the opposite positions, at the bankruptcy price', () => {
      const v = new CollateralVenue(factory);
      // the fund is empty: a bid at 49 500, below gina's bankruptcy price, takes nothing
      pair(v, ['gina', '1000'], ['dave', '100000'], LOT / 10);
      v.collateralUser('erin', { USDT: '100000' });
      const bid = v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 49_500 * TICK, amount: LOT / 10 }));
      v.index('BTC', '49500');
      const out = v.run({ type: 'CheckLiquidations' });
      assert.deepEqual(ofType(out.events, 'TradeExecuted'), []);
      assert.equal(v.state.trading.orders.get(bid.id)?.left, LOT / 10);
      assert.deepEqual(
        ofType(out.events, 'PositionDeleveraged').map((e) => [e.price, e.counterparty.user]),
        [[50_030 * TICK, 'dave']],
      );
      assert.equal(fund(v), 0n);
      sound(v);
    });

    it('a bid above the bankruptcy price takes what it holds; the rest is deleveraged', () => {
      const v = new CollateralVenue(factory);
      pair(v, ['gina', '1000'], ['dave', '100000'], LOT / 10);
      v.collateralUser('erin', { USDT: '100000' });
      v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 51_000 * TICK, amount: LOT / 40 }));
      v.index('BTC', '51000');
      const out = v.run({ type: 'CheckLiquidations' });
      const [trade] = ofType(out.events, 'TradeExecuted');
      assert.deepEqual([trade?.price, trade?.lots], [51_000 * TICK, LOT / 40]);
      const [adl] = ofType(out.events, 'PositionDeleveraged');
      assert.deepEqual([adl?.lots, adl?.counterparty.user], [(3 * LOT) / 40, 'dave']);
      // sold at 51 000, a quarter cost only its 0.6375 fee: 96.3625 of equity is left for 0.075, whose
      // bankruptcy price is 51 000 − 96.3625 / 0.075 = 49 715.16…, rounded up to the tick
      assert.equal(adl?.price, 497_152);
      assert.equal(v.position('gina', 'BTC_PERP'), undefined);
      // rounding the price up left her 0.0025, which the clearance fee takes
      assert.equal(v.collateral('gina', 'USDT'), 0n);
      assert.equal(fund(v), usdt('0.0025'));
      sound(v);
    });

    it('journals written under version 2 never deleveraged: the close waited for a bid', () => {
      const v = new CollateralVenue(factory, undefined, RULES.lockedLeverage);
      pair(v, ['carol', '1000'], ['dave', '10000'], LOT / 10);
      v.index('BTC', '51000');
      const out = v.run({ type: 'CheckLiquidations' });
      assert.equal(out.result.ok, false);
      assert.equal(v.position('carol', 'BTC_PERP')?.size, LOT / 10);
      sound(v);
    });
  });
}
