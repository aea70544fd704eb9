import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Event } from '../../src/index.js';
import { BOOKS } from '../support/books.js';
import { collateralOrder, CollateralVenue, sound } from '../support/collateral-venue.js';
import { order } from '../support/venue.js';

const BTC = 1_000_000;
const USD = 100;
/** BTC_PERP: lots of 0.0001 BTC, ticks of 0.1 USDT. */
const LOT = 10_000;
const TICK = 10;

/** Each order the events finished, as [id, status, reason]. */
function finishes(events: readonly Event[]): [number, string, string | null][] {
  return events.flatMap((e) => (e.type === 'OrderFinished' ? [[e.order.id, e.order.status, e.reason]] : []));
}

function perpVenue(factory: (typeof BOOKS)[number]['factory']): CollateralVenue {
  const v = new CollateralVenue(factory);
  v.collateralUser('alice', { USDT: '10000' });
  v.collateralUser('bob', { USDT: '1000000' });
  return v;
}

for (const { name, factory } of BOOKS) {
  describe(`${name}: why an order was cancelled`, () => {
    it('self-trade prevention: the resting order and the rest of the new one, `stp`', () => {
      const v = perpVenue(factory);
      const resting = v.must(collateralOrder('alice', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: LOT }));
      const { events, result } = v.run(
        collateralOrder('alice', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT, stp: 'cb' }),
      );
      assert.ok(result.ok);
      assert.deepEqual(finishes(events), [
        [resting.id, 'CANCELLED', 'stp'],
        [result.value.id, 'CANCELLED', 'stp'],
      ]);
      sound(v);
    });

    it('a cancel its owner asked for, or an ioc remainder, has no reason', () => {
      const v = perpVenue(factory);
      const resting = v.must(collateralOrder('alice', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: LOT }));
      const cancel = v.run({ type: 'CancelOrder', user: 'alice', market: 'BTC_PERP', orderId: resting.id });
      assert.deepEqual(finishes(cancel.events), [[resting.id, 'CANCELLED', null]]);
      const ioc = v.run(collateralOrder('bob', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT, ioc: true }));
      assert.ok(ioc.result.ok);
      assert.deepEqual(finishes(ioc.events), [[ioc.result.value.id, 'CANCELLED', null]]);
    });

    it('a reduce-only order whose position closed through another order: `reduce-only`', () => {
      const v = perpVenue(factory);
      v.must(collateralOrder('bob', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: LOT / 10 }));
      v.must(collateralOrder('alice', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT / 10 }));
      const closing = v.must(
        collateralOrder('alice', 'BTC_PERP', 'sell', { price: 62_000 * TICK, amount: LOT / 10, reduceOnly: true }),
      );
      v.must(collateralOrder('bob', 'BTC_PERP', 'buy', { price: 61_000 * TICK, amount: LOT / 10 }));
      const { events } = v.run(
        collateralOrder('alice', 'BTC_PERP', 'sell', { price: 61_000 * TICK, amount: LOT / 10 }),
      );
      assert.deepEqual(
        finishes(events).filter(([id]) => id === closing.id),
        [[closing.id, 'CANCELLED', 'reduce-only']],
      );
      sound(v);
    });

    it('a liquidation: its orders `liquidation`, its closing order none', () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('carol', { USDT: '1000' });
      for (const u of ['dave', 'erin']) v.collateralUser(u, { USDT: '10000' });
      v.must(collateralOrder('dave', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: LOT / 10 }));
      v.must(collateralOrder('carol', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT / 10 }));
      const resting = v.must(collateralOrder('carol', 'BTC_PERP', 'buy', { price: 40_000 * TICK, amount: 1 }));
      v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 51_000 * TICK, amount: LOT / 10 }));
      v.index('BTC', '51000');
      const { events, result } = v.run({ type: 'CheckLiquidations' });
      assert.ok(result.ok);
      const found = finishes(events);
      assert.deepEqual(found[0], [resting.id, 'CANCELLED', 'liquidation']);
      // the rest are the orders that closed the position: filled, not cancelled
      assert.ok(found.slice(1).every(([, status, reason]) => status === 'FILLED' && reason === null));
      sound(v);
    });

    it("an OTO parent's legs go for its reason", () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('alice', { USDT: '10000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      const trigger = (whole: number) => ({ ticks: whole * USD, text: String(whole) });
      const parent = v.must(
        collateralOrder('alice', 'BTC_USDT', 'buy', {
          price: 60_000 * USD,
          amount: BTC / 10,
          stopLoss: trigger(59_000),
          takeProfit: trigger(62_000),
        }),
      );
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 40 }));
      const legs = [...v.state.trading.orders.values()].filter(
        (o) => o.oto?.role === 'stopLoss' || o.oto?.role === 'takeProfit',
      );
      assert.equal(legs.length, 2);
      const { events } = v.run(
        collateralOrder('alice', 'BTC_USDT', 'sell', { price: 60_000 * USD, amount: BTC / 100, stp: 'co' }),
      );
      const cancelled = finishes(events).filter(([, , reason]) => reason !== null);
      assert.deepEqual(
        cancelled.map(([id, , reason]) => [id, reason]).sort(),
        [parent.id, ...legs.map((l) => l.id)].map((id) => [id, 'stp']).sort(),
      );
      sound(v);
    });
  });
}
