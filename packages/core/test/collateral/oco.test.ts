import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  accountFigures,
  apply,
  decodeState,
  encodeState,
  ocoGroupsOf,
  type BookFactory,
  type Command,
  type Event,
  type OrderView,
  type PlaceOco,
} from '../../src/index.js';
import { BOOKS } from '../support/books.js';
import { collateralOrder, CollateralVenue, sound } from '../support/collateral-venue.js';
import { order } from '../support/venue.js';

const BTC = 1_000_000;
const USD = 100;

/** An OCO on BTC_USDT (whole dollars): buy takes profit below the market and stops out above it. */
function oco(
  user: string,
  side: 'buy' | 'sell',
  fields: { price: number; activation: number; stopLimit: number; amount: number } & Partial<PlaceOco>,
  market = 'BTC_USDT',
): PlaceOco {
  const { price, activation, stopLimit, amount, ...rest } = fields;
  const unit = market === 'BTC_USDT' ? USD : 10;
  return {
    type: 'PlaceOco',
    user,
    market,
    side,
    amount,
    price: price * unit,
    activationPrice: activation * unit,
    activationPriceText: String(activation),
    stopLimitPrice: stopLimit * unit,
    limitClientOrderId: '',
    stopClientOrderId: '',
    stp: 'no',
    ...rest,
  };
}

/** A venue whose BTC_USDT last traded at 60 000, with alice's collateral and bob's spot funds. */
function venue(factory?: BookFactory) {
  const v = new CollateralVenue(factory);
  v.collateralUser('alice', { USDT: '10000', BTC: '1' });
  v.user('bob', { USDT: '1000000', BTC: '10' });
  v.user('carl', { USDT: '1000000', BTC: '10' });
  v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 100 }));
  v.must(order('carl', 'buy', { price: 60_000 * USD, amount: BTC / 100 }));
  return v;
}

function open(v: CollateralVenue, id: number): boolean {
  return v.state.trading.orders.has(id);
}

function finishedIn(events: readonly Event[], user: string): OrderView[] {
  return events.flatMap((e) => (e.type === 'OrderFinished' && e.order.user === user ? [e.order] : []));
}

for (const { name, factory } of BOOKS) {
  describe(`${name}: OCO groups`, () => {
    it('places a stop-limit leg and a limit leg under one group id; only the limit leg holds funds', () => {
      const v = venue(factory);
      const before = v.collateral('alice', 'USDT');
      const placed = v.must(
        oco('alice', 'buy', { price: 59_000, activation: 61_000, stopLimit: 61_500, amount: BTC / 10 }),
      );
      assert.equal(placed.stopLoss.id, placed.id + 1);
      assert.equal(placed.takeProfit.id, placed.id + 2);
      assert.deepEqual(
        [placed.stopLoss.type, placed.stopLoss.price, placed.stopLoss.activationCondition, placed.stopLoss.hold],
        ['stop limit', 61_500 * USD, 'gte', 0n],
      );
      assert.deepEqual([placed.takeProfit.type, placed.takeProfit.price], ['limit', 59_000 * USD]);
      // one hold: the limit leg's, what a lone limit order would hold
      const held =
        before - v.collateral('alice', 'USDT') + (v.state.collateral.poolHolds.get(placed.takeProfit.id) ?? 0n);
      assert.equal(held, placed.takeProfit.hold);
      assert.ok(placed.takeProfit.hold > 0n);
      assert.deepEqual(
        ocoGroupsOf(v.state.ocos).map((g) => g.id),
        [placed.id],
      );
      sound(v);
    });

    it('a partial fill of the limit leg cancels the stop leg in the same command', () => {
      const v = venue(factory);
      const placed = v.must(
        oco('alice', 'buy', { price: 59_000, activation: 61_000, stopLimit: 61_500, amount: BTC / 10 }),
      );
      const { events } = v.run(order('bob', 'sell', { price: 59_000 * USD, amount: BTC / 100 }));
      const ended = finishedIn(events, 'alice');
      assert.deepEqual(
        ended.map((o) => [o.id, o.status]),
        [[placed.stopLoss.id, 'CANCELLED']],
      );
      assert.ok(open(v, placed.takeProfit.id));
      assert.equal(v.state.ocos.size, 0);
      sound(v);
    });

    it('a trade at the trigger cancels the limit leg, releases its hold, and runs the stop as a limit order', () => {
      const v = venue(factory);
      const placed = v.must(
        oco('alice', 'buy', { price: 59_000, activation: 61_000, stopLimit: 61_500, amount: BTC / 10 }),
      );
      v.must(order('bob', 'sell', { price: 61_000 * USD, amount: BTC / 100 }));
      const { events } = v.run(order('carl', 'buy', { price: 61_000 * USD, amount: BTC / 100 }));
      assert.deepEqual(
        finishedIn(events, 'alice').map((o) => [o.id, o.status]),
        [[placed.takeProfit.id, 'CANCELLED']],
      );
      const stop = v.state.trading.orders.get(placed.stopLoss.id);
      assert.ok(stop !== undefined && stop.activated > 0);
      assert.ok(v.state.trading.markets.get('BTC_USDT')!.book.best('buy') === stop);
      assert.equal(v.state.ocos.size, 0);
      sound(v);
    });

    it('a command whose trades reach both legs executes one of them only', () => {
      const v = venue(factory);
      v.user('dave', { BTC: '1' });
      const placed = v.must(
        oco('alice', 'buy', { price: 59_000, activation: 61_000, stopLimit: 61_500, amount: BTC / 10 }),
      );
      // dave's stop sells through alice's limit leg once a trade reaches 60 500, before hers triggers
      v.must(
        order('dave', 'sell', {
          orderType: 'stop limit',
          price: 58_000 * USD,
          activationPrice: 60_500 * USD,
          activationPriceText: '60500',
          amount: BTC / 10,
        }),
      );
      v.must(order('bob', 'sell', { price: 61_000 * USD, amount: BTC / 100 }));
      const { events } = v.run(order('carl', 'buy', { price: 61_000 * USD, amount: BTC / 100 }));
      const ended = finishedIn(events, 'alice');
      assert.deepEqual(
        ended.map((o) => [o.id, o.status, o.dealStock]),
        [
          [placed.stopLoss.id, 'CANCELLED', 0],
          [placed.takeProfit.id, 'FILLED', BTC / 10],
        ],
      );
      sound(v);
    });

    it('cancelling either leg, or the group, cancels both', () => {
      for (const how of ['limit', 'stop', 'group', 'client'] as const) {
        const v = venue(factory);
        const placed = v.must(
          oco('alice', 'sell', {
            price: 61_000,
            activation: 59_000,
            stopLimit: 58_500,
            amount: BTC / 10,
            limitClientOrderId: 'tp-1',
          }),
        );
        if (how === 'group') v.must({ type: 'CancelOco', user: 'alice', market: 'BTC_USDT', ocoId: placed.id });
        else if (how === 'client')
          v.must({ type: 'CancelOco', user: 'alice', market: 'BTC_USDT', clientOrderId: 'tp-1' });
        else {
          const orderId = how === 'limit' ? placed.takeProfit.id : placed.stopLoss.id;
          v.must({ type: 'CancelOrder', user: 'alice', market: 'BTC_USDT', orderId });
        }
        assert.ok(!open(v, placed.takeProfit.id) && !open(v, placed.stopLoss.id), how);
        assert.equal(v.state.ocos.size, 0);
        assert.equal(
          v.run({ type: 'CancelOco', user: 'alice', market: 'BTC_USDT', ocoId: placed.id }).result.ok,
          false,
        );
        sound(v);
      }
    });

    it('refuses a group whose legs are on the wrong sides, or whose client ids are the same', () => {
      const v = venue(factory);
      const refused = (cmd: PlaceOco) => {
        const { result } = v.run(cmd);
        return result.ok ? 'ok' : result.rejection.reason;
      };
      const buy = { price: 59_000, activation: 61_000, stopLimit: 61_500, amount: BTC / 10 };
      assert.equal(refused(oco('alice', 'buy', { ...buy, price: 61_000 })), 'OCO_PRICES_WRONG');
      assert.equal(refused(oco('alice', 'buy', { ...buy, price: 58_000, activation: 59_000 })), 'OCO_ACTIVATION_WRONG');
      assert.equal(refused(oco('alice', 'buy', { ...buy, activation: 60_000 })), 'STOP_AT_LAST_PRICE');
      assert.equal(
        refused(oco('alice', 'sell', { ...buy, price: 62_000, activation: 61_500 })),
        'OCO_ACTIVATION_WRONG',
      );
      assert.equal(
        refused(oco('alice', 'buy', { ...buy, limitClientOrderId: 'x', stopClientOrderId: 'x' })),
        'OCO_CLIENT_IDS_SAME',
      );
      assert.equal(refused(oco('alice', 'buy', { ...buy, amount: 1000 * BTC })), 'NOT_ENOUGH_BALANCE');
      assert.equal(refused(oco('alice', 'buy', buy, 'ETH_BTC')), 'MARKET_NOT_AVAILABLE');
      assert.equal(v.state.ocos.size, 0);
      sound(v);
    });

    it('a perpetual group is margined once, at its dearer leg', () => {
      const margin = (lone: boolean): bigint => {
        const v = venue(factory);
        // a trade between others gives the perpetual its last price; alice holds no position
        v.collateralUser('erin', { USDT: '100000' });
        v.collateralUser('fred', { USDT: '100000' });
        v.must(collateralOrder('erin', 'BTC_PERP', 'sell', { price: 600_000, amount: 100 }));
        v.must(collateralOrder('fred', 'BTC_PERP', 'buy', { price: 600_000, amount: 100 }));
        if (lone) v.must(collateralOrder('alice', 'BTC_PERP', 'buy', { price: 620_000, amount: 1000 }));
        else
          v.must(
            oco('alice', 'buy', { price: 59_000, activation: 61_000, stopLimit: 62_000, amount: 1000 }, 'BTC_PERP'),
          );
        sound(v);
        return accountFigures(v.state, 'alice', v.time).margin;
      };
      assert.equal(margin(false), margin(true));
    });
  });
}

/** Model test: random groups, counter-orders and cancels on both collateral markets. */
describe('OCO groups under random trading', () => {
  type Step =
    | { kind: 'oco'; market: 0 | 1; side: 'buy' | 'sell'; gap: number; stopGap: number; amount: number }
    | { kind: 'taker'; market: 0 | 1; side: 'buy' | 'sell'; reach: number; amount: number }
    | { kind: 'maker'; market: 0 | 1; side: 'buy' | 'sell'; reach: number; amount: number }
    | { kind: 'cancelLeg'; pick: number }
    | { kind: 'cancelGroup'; pick: number };
  const M = [
    { name: 'BTC_USDT', mid: 6_000_000, step: 10_000, lot: 1_000 },
    { name: 'BTC_PERP', mid: 600_000, step: 1_000, lot: 10 },
  ] as const;
  const market = fc.constantFrom(0 as const, 1 as const);
  const side = fc.constantFrom('buy' as const, 'sell' as const);
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant('oco' as const),
      market,
      side,
      gap: fc.integer({ min: 1, max: 6 }),
      stopGap: fc.integer({ min: 1, max: 6 }),
      amount: fc.integer({ min: 1, max: 30 }),
    }),
    fc.record({
      kind: fc.constant('taker' as const),
      market,
      side,
      reach: fc.integer({ min: 0, max: 8 }),
      amount: fc.integer({ min: 1, max: 60 }),
    }),
    fc.record({
      kind: fc.constant('maker' as const),
      market,
      side,
      reach: fc.integer({ min: 1, max: 8 }),
      amount: fc.integer({ min: 1, max: 30 }),
    }),
    fc.record({ kind: fc.constant('cancelLeg' as const), pick: fc.nat(1000) }),
    fc.record({ kind: fc.constant('cancelGroup' as const), pick: fc.nat(1000) }),
  );

  interface Group {
    readonly id: number;
    readonly market: string;
    readonly legs: readonly [number, number];
  }

  function toCommand(s: Step, v: CollateralVenue, groups: Group[]): Command | undefined {
    if (s.kind === 'cancelLeg' || s.kind === 'cancelGroup') {
      const g = groups[s.pick % Math.max(groups.length, 1)];
      if (g === undefined) return undefined;
      if (s.kind === 'cancelGroup') return { type: 'CancelOco', user: 'alice', market: g.market, ocoId: g.id };
      return { type: 'CancelOrder', user: 'alice', market: g.market, orderId: g.legs[s.pick % 2] as number };
    }
    const m = M[s.market];
    const last = v.state.trading.markets.get(m.name)?.lastPrice ?? m.mid;
    if (s.kind === 'oco') {
      const dir = s.side === 'buy' ? 1 : -1;
      const activation = last + dir * s.stopGap * m.step;
      return {
        type: 'PlaceOco',
        user: 'alice',
        market: m.name,
        side: s.side,
        amount: s.amount * m.lot,
        price: last - dir * s.gap * m.step,
        activationPrice: activation,
        activationPriceText: String(activation),
        stopLimitPrice: activation + dir * m.step,
        limitClientOrderId: '',
        stopClientOrderId: '',
        stp: 'no',
      };
    }
    const dir = s.side === 'buy' ? 1 : -1;
    const price = last + dir * (s.kind === 'taker' ? s.reach : -s.reach) * m.step;
    const user = s.kind === 'taker' ? 'carl' : 'bob';
    return collateralOrder(user, m.name, s.side, { price, amount: s.amount * m.lot });
  }

  it('conserves every asset, never leaves both legs live after either moved, never executes both, and replays', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 40 }), (steps) => {
        const v = new CollateralVenue();
        v.collateralUser('alice', { USDT: '50000', BTC: '2' });
        v.collateralUser('bob', { USDT: '500000', BTC: '20' });
        v.collateralUser('carl', { USDT: '500000', BTC: '20' });
        for (const m of M) {
          v.must(collateralOrder('bob', m.name, 'sell', { price: m.mid, amount: m.lot }));
          v.must(collateralOrder('carl', m.name, 'buy', { price: m.mid, amount: m.lot }));
        }
        const journal: { cmd: Command; seq: number; time: number }[] = [];
        const groups: Group[] = [];
        const start = encodeState(v.state);
        let seq = 1_000;
        const dealt = new Map<number, number>();
        for (const s of steps) {
          const cmd = toCommand(s, v, groups);
          if (cmd === undefined) continue;
          v.time += 1_000_000;
          const stamp = { seq: ++seq, time: v.time };
          const { result, events } = apply(v.state, cmd, stamp);
          if (result.ok) journal.push({ cmd, ...stamp });
          if (result.ok && cmd.type === 'PlaceOco') {
            const placed = result.value as { id: number; stopLoss: OrderView; takeProfit: OrderView };
            groups.push({ id: placed.id, market: cmd.market, legs: [placed.stopLoss.id, placed.takeProfit.id] });
          }
          sound(v);
          for (const e of events) if (e.type === 'OrderFinished') dealt.set(e.order.id, e.order.dealStock);
          for (const o of v.state.trading.orders.values()) dealt.set(o.id, o.dealStock);
          for (const g of groups) {
            const executed = g.legs.filter((id) => (dealt.get(id) ?? 0) > 0);
            assert.ok(executed.length <= 1, `group ${g.id}: both legs executed`);
            const legs = g.legs.map((id) => v.state.trading.orders.get(id));
            const live = v.state.ocos.has(g.id);
            // a live group: both legs open and untouched; otherwise at most one leg is open
            if (live) assert.ok(legs.every((o) => o !== undefined && o.dealStock === 0 && o.activated === 0));
            else assert.ok(legs.filter((o) => o !== undefined).length <= 1, `group ${g.id} has two open legs`);
          }
        }
        // replay: the same commands from the same start reach the same state, text for text
        const replayed = decodeState(start);
        for (const { cmd, seq: s, time } of journal) assert.ok(apply(replayed, cmd, { seq: s, time }).result.ok);
        assert.equal(encodeState(replayed), encodeState(v.state));
        assert.equal(encodeState(decodeState(encodeState(v.state))), encodeState(v.state));
      }),
      { numRuns: 60 },
    );
  });
});
