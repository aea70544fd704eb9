import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RATE_SCALE, type BookFactory, type Event, type OrderView } from '../../src/index.js';
import { BOOKS } from '../support/books.js';
import { collateralOrder, CollateralVenue, DAY, sound } from '../support/collateral-venue.js';
import { order } from '../support/venue.js';
import { sats, usdt } from '../support/units.js';

const BTC = 1_000_000;
const USD = 100;
const trigger = (whole: number) => ({ ticks: whole * USD, text: String(whole) });

function withOto(v: CollateralVenue, fields: { amount: number; stopLoss?: number; takeProfit?: number }): OrderView {
  return v.must(
    collateralOrder('alice', 'BTC_USDT', 'buy', {
      price: 60_000 * USD,
      amount: fields.amount,
      ...(fields.stopLoss === undefined ? {} : { stopLoss: trigger(fields.stopLoss) }),
      ...(fields.takeProfit === undefined ? {} : { takeProfit: trigger(fields.takeProfit) }),
    }),
  );
}

function openOrders(v: CollateralVenue, user: string) {
  return [...v.state.trading.orders.values()].filter((o) => o.user === user);
}

/** The orders of `user` that `events` finished, in the order they finished. */
function finishedOf(events: readonly Event[], user: string): OrderView[] {
  return events.flatMap((e) => (e.type === 'OrderFinished' && e.order.user === user ? [e.order] : []));
}

/** Alice long 0.1 with both legs; a trade at 62 000 sets the take-profit off with 0.04 bid for it. */
function takeProfitShortOfBids(factory: BookFactory, rules?: number): { v: CollateralVenue; finished: OrderView[] } {
  const v = new CollateralVenue(factory, undefined, rules);
  v.collateralUser('alice', { USDT: '1000' });
  v.user('bob', { USDT: '100000', BTC: '1' });
  v.user('carl', { USDT: '100000', BTC: '1' });
  v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 10 }));
  withOto(v, { amount: BTC / 10, stopLoss: 59_000, takeProfit: 62_000 });
  v.must(order('bob', 'buy', { price: 62_000 * USD, amount: BTC / 20 }));
  const { events } = v.run(order('carl', 'sell', { price: 62_000 * USD, amount: BTC / 100 }));
  return { v, finished: finishedOf(events, 'alice') };
}

for (const { name, factory } of BOOKS) {
  describe(`${name}: OTO stop-loss and take-profit`, () => {
    it('the legs arm pro rata with the parent’s fills, and grow with each fill', () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('alice', { USDT: '10000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      const parent = withOto(v, { amount: BTC / 10, stopLoss: 59_000, takeProfit: 62_000 });
      assert.equal(parent.oto?.role, 'parent');
      assert.equal(openOrders(v, 'alice').length, 1);
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 40 }));
      let legs = openOrders(v, 'alice').filter((o) => o.oto?.role !== 'parent');
      assert.deepEqual(
        legs.map((o) => [
          o.oto?.role,
          o.side,
          o.type,
          o.amount,
          o.activationPrice,
          o.activationCondition,
          o.reduceOnly,
        ]),
        [
          ['stopLoss', 'sell', 'stop market', BTC / 40, 59_000 * USD, 'lte', true],
          ['takeProfit', 'sell', 'stop market', BTC / 40, 62_000 * USD, 'gte', true],
        ],
      );
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 20 }));
      legs = openOrders(v, 'alice').filter((o) => o.oto?.role !== 'parent');
      assert.deepEqual(
        legs.map((o) => o.amount),
        [(3 * BTC) / 40, (3 * BTC) / 40],
      );
      sound(v);
    });

    it('a trade through the stop-loss closes the filled amount at market and cancels the take-profit', () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('alice', { USDT: '1000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      v.user('carl', { USDT: '100000', BTC: '1' });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 10 }));
      withOto(v, { amount: BTC / 10, stopLoss: 59_000, takeProfit: 62_000 });
      const opened = v.time;
      assert.equal(v.loan('alice', 'BTC_USDT', 'USDT'), usdt('5012'));
      v.must(order('bob', 'buy', { price: 58_800 * USD, amount: BTC / 2 }));
      const { events } = v.run(order('carl', 'sell', { price: 58_800 * USD, amount: BTC / 100 }));
      const finished = finishedOf(events, 'alice');
      assert.deepEqual(
        finished.map((o) => [o.oto?.role, o.status, o.dealStock]),
        [
          ['takeProfit', 'CANCELLED', 0],
          ['stopLoss', 'FILLED', BTC / 10],
        ],
      );
      // 0.1 sold at 58 800 less the 0.2 % taker fee; interest on 5 012 for the seconds between; loan repaid
      const interest =
        (((usdt('5012') * (RATE_SCALE * 3n)) / 10_000n) * BigInt(v.time - opened) + RATE_SCALE * BigInt(DAY) - 1n) /
        (RATE_SCALE * BigInt(DAY));
      assert.equal(v.collateral('alice', 'USDT'), usdt('856.24') - interest);
      assert.equal(v.collateral('alice', 'BTC'), 0n);
      assert.equal(v.loan('alice', 'BTC_USDT', 'USDT'), 0n);
      assert.equal(v.position('alice', 'BTC_USDT'), undefined);
      assert.equal(openOrders(v, 'alice').length, 0);
      assert.equal(v.state.collateral.otos.size, 0);
      sound(v);
    });

    it('a take-profit the book runs out under leaves the stop-loss waiting for the rest of the position', () => {
      const { v, finished } = takeProfitShortOfBids(factory);
      assert.deepEqual(
        finished.map((o) => [o.oto?.role, o.status, o.dealStock]),
        [['takeProfit', 'CANCELLED', (4 * BTC) / 100]],
      );
      assert.equal(v.position('alice', 'BTC_USDT')?.size, (6 * BTC) / 100);
      assert.deepEqual(
        openOrders(v, 'alice').map((o) => [o.oto?.role, o.amount, o.left]),
        [['stopLoss', (6 * BTC) / 100, (6 * BTC) / 100]],
      );
      // and it closes that rest when the price falls through it
      v.must(order('bob', 'buy', { price: 58_800 * USD, amount: BTC / 2 }));
      const fall = v.run(order('carl', 'sell', { price: 58_800 * USD, amount: BTC / 100 }));
      assert.deepEqual(
        finishedOf(fall.events, 'alice').map((o) => [o.oto?.role, o.status, o.dealStock]),
        [['stopLoss', 'FILLED', (6 * BTC) / 100]],
      );
      assert.equal(v.position('alice', 'BTC_USDT'), undefined);
      assert.equal(v.state.collateral.otos.size, 0);
      sound(v);
    });

    it('a take-profit that sells into its own parent leaves the stop-loss covering what the parent filled meanwhile', () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('alice', { USDT: '3000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      v.user('carl', { USDT: '100000', BTC: '1' });
      const parent = withOto(v, { amount: BTC / 10, stopLoss: 59_000, takeProfit: 62_000 });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 20 }));
      const [stopLoss] = openOrders(v, 'alice').filter((o) => o.oto?.role === 'stopLoss');
      // a trade at 62 000 sets the take-profit off; self-trade allowed, it sells 0.05 into alice's own bid
      v.must(order('bob', 'sell', { price: 62_000 * USD, amount: BTC / 100 }));
      v.must(order('carl', 'buy', { price: 62_000 * USD, amount: BTC / 100 }));
      assert.equal(v.position('alice', 'BTC_USDT')?.size, BTC / 20);
      // the parent's last 0.05 is covered by the stop-loss kept and by a take-profit armed afresh
      assert.deepEqual(
        openOrders(v, 'alice').map((o) => [o.id === stopLoss?.id ? 'kept' : 'new', o.oto?.role, o.left]),
        [
          ['kept', 'stopLoss', BTC / 20],
          ['new', 'takeProfit', BTC / 20],
        ],
      );
      assert.equal(v.state.collateral.otos.get(parent.oto!.id)?.covered, BTC / 20);
      sound(v);
    });

    it('a take-profit that sells into its own parent and then runs out of book leaves both legs covering the position', () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('alice', { USDT: '3000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      v.user('carl', { USDT: '100000', BTC: '1' });
      withOto(v, { amount: BTC / 10, stopLoss: 59_000, takeProfit: 62_000 });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: (8 * BTC) / 100 }));
      // set off at 62 000, the take-profit sells 0.02 into alice's own bid and finds nothing more
      v.must(order('bob', 'sell', { price: 62_000 * USD, amount: BTC / 100 }));
      v.must(order('carl', 'buy', { price: 62_000 * USD, amount: BTC / 100 }));
      assert.equal(v.position('alice', 'BTC_USDT')?.size, (8 * BTC) / 100);
      assert.deepEqual(
        openOrders(v, 'alice').map((o) => [o.oto?.role, o.left]),
        [
          ['stopLoss', (8 * BTC) / 100],
          ['takeProfit', (8 * BTC) / 100],
        ],
      );
      // the new take-profit closes all of it: the stop-loss goes with nothing left to cover
      v.must(order('carl', 'buy', { price: 62_000 * USD, amount: BTC / 10 }));
      v.must(order('bob', 'sell', { price: 62_000 * USD, amount: BTC / 100 }));
      assert.equal(v.position('alice', 'BTC_USDT'), undefined);
      assert.equal(openOrders(v, 'alice').length, 0);
      sound(v);
    });

    it('journals of rules version 5 replay as they were decided: the take-profit set off took the stop-loss down', () => {
      const { v, finished } = takeProfitShortOfBids(factory, 5);
      assert.deepEqual(
        finished.map((o) => [o.oto?.role, o.status, o.dealStock]),
        [
          ['stopLoss', 'CANCELLED', 0],
          ['takeProfit', 'CANCELLED', (4 * BTC) / 100],
        ],
      );
      assert.equal(v.position('alice', 'BTC_USDT')?.size, (6 * BTC) / 100);
      assert.equal(openOrders(v, 'alice').length, 0);
      sound(v);
    });

    it('cancelling the parent, or the group, cancels the live legs', () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('alice', { USDT: '10000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      const parent = withOto(v, { amount: BTC / 10, stopLoss: 59_000 });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 20 }));
      assert.equal(openOrders(v, 'alice').length, 2);
      v.must({ type: 'CancelOrder', user: 'alice', market: 'BTC_USDT', orderId: parent.id });
      assert.equal(openOrders(v, 'alice').length, 0);
      assert.equal(v.position('alice', 'BTC_USDT')?.size, BTC / 20);

      const second = withOto(v, { amount: BTC / 10, takeProfit: 65_000 });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 20 }));
      const done = v.must({ type: 'CancelOto', user: 'alice', market: 'BTC_USDT', otoId: second.oto!.id });
      assert.equal(done.parent?.status, 'CANCELLED');
      assert.equal(done.takeProfit?.status, 'CANCELLED');
      assert.equal(done.stopLoss, null);
      assert.equal(openOrders(v, 'alice').length, 0);
      assert.equal(
        v.run({ type: 'CancelOto', user: 'alice', market: 'BTC_USDT', otoId: second.oto!.id }).result.ok,
        false,
      );
      sound(v);
    });

    it('a parent cancelled by its owner’s self-trade prevention takes its live legs with it', () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('alice', { USDT: '10000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      withOto(v, { amount: BTC / 10, stopLoss: 59_000, takeProfit: 62_000 });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 20 }));
      assert.equal(openOrders(v, 'alice').length, 3);
      const sell = v.must(
        collateralOrder('alice', 'BTC_USDT', 'sell', { price: 60_000 * USD, amount: BTC / 100, stp: 'co' }),
      );
      assert.deepEqual(
        openOrders(v, 'alice').map((o) => o.id),
        [sell.id],
      );
      assert.equal(v.state.collateral.otos.size, 0);
      sound(v);
    });

    it('a leg that cannot be funded when it triggers leaves its sibling waiting', () => {
      // no BTC to lend: a stop-loss whose stock another order holds cannot be funded
      const v = new CollateralVenue(factory, { USDT: '1000000' });
      v.collateralUser('alice', { USDT: '10000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      v.user('carl', { USDT: '100000', BTC: '1' });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 10 }));
      withOto(v, { amount: BTC / 10, stopLoss: 59_000, takeProfit: 62_000 });
      const exit = v.must(collateralOrder('alice', 'BTC_USDT', 'sell', { price: 65_000 * USD, amount: BTC / 10 }));
      v.must(order('bob', 'buy', { price: 58_800 * USD, amount: BTC / 2 }));
      const { events } = v.run(order('carl', 'sell', { price: 58_800 * USD, amount: BTC / 100 }));
      const finished = finishedOf(events, 'alice');
      assert.deepEqual(
        finished.map((o) => [o.oto?.role, o.status]),
        [['stopLoss', 'CANCELLED']],
      );
      assert.deepEqual(
        openOrders(v, 'alice').map((o) => [o.id === exit.id ? 'exit' : o.oto?.role, o.left]),
        [
          ['takeProfit', BTC / 10],
          ['exit', BTC / 10],
        ],
      );
      sound(v);
    });

    it('a leg its owner cancelled stays cancelled: the parent’s next fills do not bring it back', () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('alice', { USDT: '10000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      withOto(v, { amount: BTC / 10, stopLoss: 59_000, takeProfit: 62_000 });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 40 }));
      const legs = () => openOrders(v, 'alice').filter((o) => o.oto?.role !== 'parent');
      const stopLoss = legs().find((o) => o.oto?.role === 'stopLoss')!;
      const cancelled = v.must({ type: 'CancelOrder', user: 'alice', market: 'BTC_USDT', orderId: stopLoss.id });
      assert.equal(cancelled.status, 'CANCELLED');
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 20 }));
      // the take-profit grows with the fill; the stop-loss is not armed again, at full size or any
      assert.deepEqual(
        legs().map((o) => [o.oto?.role, o.amount]),
        [['takeProfit', (3 * BTC) / 40]],
      );
      const takeProfit = legs()[0]!;
      v.must({ type: 'CancelOrder', user: 'alice', market: 'BTC_USDT', orderId: takeProfit.id });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 40 }));
      assert.deepEqual(legs(), []);
      assert.equal(v.position('alice', 'BTC_USDT')?.size, BTC / 10);
      sound(v);
    });

    it('a leg armed by a fill is not set off by the trades of the same command, only by later ones', () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('alice', { USDT: '10000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      v.user('carl', { USDT: '100000', BTC: '1' });
      v.must(order('bob', 'buy', { price: 58_800 * USD, amount: BTC / 2 }));
      withOto(v, { amount: BTC / 10, stopLoss: 59_000, takeProfit: 62_000 });
      // carl's sell fills the parent at 60 000, then trades on down to 58 800, through the stop-loss
      const sweep = v.run(order('carl', 'sell', { price: 58_800 * USD, amount: BTC / 5 }));
      assert.deepEqual(
        sweep.events.filter((e) => e.type === 'StopActivated'),
        [],
      );
      assert.equal(v.position('alice', 'BTC_USDT')?.size, BTC / 10);
      const waiting = openOrders(v, 'alice').filter((o) => o.oto?.role === 'stopLoss');
      assert.deepEqual(
        waiting.map((o) => [o.amount, o.activated]),
        [[BTC / 10, 0]],
      );
      // the next trade at or below 59 000 sets it off
      const next = v.run(order('carl', 'sell', { price: 58_800 * USD, amount: BTC / 100 }));
      assert.deepEqual(
        next.events.flatMap((e) => (e.type === 'StopActivated' ? [e.orderId] : [])),
        [waiting[0]!.id],
      );
      assert.equal(v.position('alice', 'BTC_USDT'), undefined);
      sound(v);
    });

    it('nor by the trades of the stops that the parent’s own fill set off', () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('alice', { USDT: '10000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      v.user('dave', { USDT: '100000' });
      v.must(order('bob', 'sell', { price: 59_000 * USD, amount: BTC / 100 }));
      v.must(order('dave', 'buy', { price: 59_000 * USD, amount: BTC / 100 }));
      // dave's buy stop waits for 60 000; bob asks 0.05 there and more at 62 500
      v.must(
        order('dave', 'buy', {
          orderType: 'stop market',
          amount: Number(usdt('10000')),
          activationPrice: 60_000 * USD,
          activationPriceText: '60000',
        }),
      );
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 20 }));
      v.must(order('bob', 'sell', { price: 62_500 * USD, amount: BTC / 2 }));
      // alice's fill at 60 000 sets dave's stop off, which buys at 62 500: past her take-profit
      const placed = v.run(
        collateralOrder('alice', 'BTC_USDT', 'buy', {
          price: 60_000 * USD,
          amount: BTC / 20,
          takeProfit: trigger(62_000),
        }),
      );
      assert.equal(placed.result.ok && placed.result.value.status, 'FILLED');
      assert.equal(v.state.trading.markets.get('BTC_USDT')?.lastPrice, 62_500 * USD);
      assert.deepEqual(
        openOrders(v, 'alice').map((o) => [o.oto?.role, o.amount, o.activated]),
        [['takeProfit', BTC / 20, 0]],
      );
      assert.equal(v.position('alice', 'BTC_USDT')?.size, BTC / 20);
      sound(v);
    });

    it('legs are cancelled when the position closes by other means', () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('alice', { USDT: '10000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 10 }));
      withOto(v, { amount: BTC / 10, stopLoss: 59_000, takeProfit: 62_000 });
      v.must(order('bob', 'buy', { price: 60_500 * USD, amount: BTC / 10 }));
      v.must(collateralOrder('alice', 'BTC_USDT', 'sell', { price: 60_500 * USD, amount: BTC / 10 }));
      assert.equal(v.position('alice', 'BTC_USDT'), undefined);
      assert.equal(openOrders(v, 'alice').length, 0);
      assert.equal(v.collateral('alice', 'BTC'), sats('0'));
      sound(v);
    });
  });
}
