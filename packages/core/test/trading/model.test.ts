import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  conservationBreaches,
  crossedBooks,
  decodeState,
  encodeState,
  fastBook,
  holdMismatches,
  naiveBook,
  negativeBalances,
  type Command,
  type OrderType,
  type StpMode,
} from '../../src/index.js';
import { order, TestVenue } from '../support/venue.js';
import { outcomeData } from '../support/outcome-data.js';

const USERS = ['u1', 'u2', 'u3'] as const;
const MID = 6_000_000;

/** One step of a random stream; order ids are picked among those placed so far. */
type Step =
  | {
      kind: 'place';
      user: number;
      side: 'buy' | 'sell';
      type: OrderType;
      offset: number;
      amount: number;
      activation: number;
      ioc: boolean;
      postOnly: boolean;
      stp: StpMode;
      cid: number;
    }
  | { kind: 'cancel'; user: number; pick: number; byCid: boolean }
  | { kind: 'cancelAll'; user: number; market: boolean }
  | { kind: 'fee'; user: number; market: boolean; maker: number; taker: number }
  | { kind: 'modify'; pick: number; byCid: boolean; offset: number | null; amount: number | null }
  | { kind: 'killSwitch'; user: number; fire: boolean; disarm: boolean };

const place = fc.record({
  kind: fc.constant('place' as const),
  user: fc.nat(USERS.length - 1),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  type: fc.constantFrom<OrderType>(
    'limit',
    'limit',
    'limit',
    'limit',
    'market',
    'stock market',
    'stop market',
    'stop limit',
  ),
  offset: fc.integer({ min: -6, max: 6 }),
  amount: fc.integer({ min: 1, max: 12_000 }),
  activation: fc.integer({ min: -5, max: 5 }),
  ioc: fc.boolean(),
  postOnly: fc.boolean(),
  stp: fc.constantFrom<StpMode>('no', 'no', 'cn', 'co', 'cb'),
  cid: fc.nat(3),
});
const cancel = fc.record({
  kind: fc.constant('cancel' as const),
  user: fc.nat(USERS.length - 1),
  pick: fc.nat(1000),
  byCid: fc.boolean(),
});
const cancelAll = fc.record({
  kind: fc.constant('cancelAll' as const),
  user: fc.nat(USERS.length - 1),
  market: fc.boolean(),
});
/** A user's own rates (SetUserFee): per rate, the market's (0) or 0 %, 0.05 %, 0.3 %, 1 %. */
const userFee = fc.record({
  kind: fc.constant('fee' as const),
  user: fc.nat(USERS.length - 1),
  market: fc.boolean(),
  maker: fc.nat(4),
  taker: fc.nat(4),
});
/** ModifyOrder of an order placed so far (open or not): a new price, a new amount, or both. */
const modify = fc.record({
  kind: fc.constant('modify' as const),
  pick: fc.nat(1000),
  byCid: fc.boolean(),
  offset: fc.option(fc.integer({ min: -6, max: 6 })),
  amount: fc.option(fc.integer({ min: 1, max: 12_000 })),
});
/** A kill-switch on BTC_USDT armed for 5 s (five commands here), disarmed, or set off (refused until due). */
const killSwitch = fc.record({
  kind: fc.constant('killSwitch' as const),
  user: fc.nat(USERS.length - 1),
  fire: fc.boolean(),
  disarm: fc.boolean(),
});
const FEE_RATES = [null, 0n, 500_000_000_000_000n, 3_000_000_000_000_000n, 10_000_000_000_000_000n] as const;

const step = fc.oneof(
  { weight: 8, arbitrary: place },
  { weight: 3, arbitrary: cancel },
  { weight: 1, arbitrary: cancelAll },
  { weight: 1, arbitrary: userFee },
  { weight: 2, arbitrary: modify },
  { weight: 1, arbitrary: killSwitch },
);

function toCommand(s: Step, placed: { id: number; user: string; cid: string }[], lastPrice: number | null): Command {
  if (s.kind === 'fee') {
    const user = USERS[s.user] as string;
    const market = s.market ? 'BTC_USDT' : null;
    return { type: 'SetUserFee', user, market, maker: FEE_RATES[s.maker] ?? null, taker: FEE_RATES[s.taker] ?? null };
  }
  if (s.kind === 'modify') {
    const target = placed.length === 0 ? undefined : placed[s.pick % placed.length];
    const ids =
      s.byCid && target !== undefined && target.cid !== ''
        ? { clientOrderId: target.cid }
        : { orderId: target?.id ?? 1 };
    return {
      type: 'ModifyOrder',
      user: target?.user ?? 'u1',
      market: 'BTC_USDT',
      ...ids,
      ...(s.offset === null ? {} : { price: MID + s.offset * 50 }),
      ...(s.amount === null ? {} : { amount: s.amount }),
    };
  }
  const user = USERS[s.user] as string;
  if (s.kind === 'killSwitch') {
    if (s.fire) return { type: 'FireKillSwitch', user, market: 'BTC_USDT' };
    return { type: 'SetKillSwitch', user, market: 'BTC_USDT', timeout: s.disarm ? null : 5, kinds: null };
  }
  if (s.kind === 'cancelAll')
    return { type: 'CancelAllOrders', user, market: s.market ? 'BTC_USDT' : null, kinds: null };
  if (s.kind === 'cancel') {
    const target = placed.length === 0 ? undefined : placed[s.pick % placed.length];
    const owner = target?.user ?? user;
    if (s.byCid && target !== undefined && target.cid !== '') {
      return { type: 'CancelOrder', user: owner, market: 'BTC_USDT', clientOrderId: target.cid };
    }
    return { type: 'CancelOrder', user: owner, market: 'BTC_USDT', orderId: target?.id ?? 1 };
  }
  const limited = s.type === 'limit' || s.type === 'stop limit';
  const stop = s.type === 'stop market' || s.type === 'stop limit';
  const price = limited ? MID + s.offset * 50 : 0;
  const byMoney = s.side === 'buy' && (s.type === 'market' || s.type === 'stop market');
  const activationPrice = stop ? (lastPrice ?? MID) + s.activation * 50 : 0;
  return order(user, s.side, {
    orderType: s.type,
    price,
    amount: byMoney ? s.amount * 60 : s.amount,
    activationPrice,
    activationPriceText: stop ? String(activationPrice) : '',
    ioc: limited ? s.ioc : false,
    postOnly: limited && !s.ioc ? s.postOnly : false,
    stp: s.stp,
    clientOrderId: s.cid === 0 ? '' : `c${s.cid}`,
  });
}

function venueWith(book: typeof fastBook): TestVenue {
  const v = new TestVenue(book);
  for (const u of USERS) v.user(u, { USDT: '2000', BTC: '0.05' });
  return v;
}

function checkInvariants(v: TestVenue): void {
  assert.deepEqual(conservationBreaches(v.state), []);
  assert.deepEqual(negativeBalances(v.state), []);
  assert.deepEqual(crossedBooks(v.state), []);
  assert.deepEqual(holdMismatches(v.state), []);
}

describe('model: the fast book against the naive book', () => {
  it('answers every random command alike, keeps the invariants, and ends in the same state', () => {
    const seen = { trades: 0, stops: 0, accepted: 0, modified: 0, killed: 0 };
    fc.assert(
      fc.property(fc.array(step, { minLength: 40, maxLength: 150, size: 'max' }), (steps) => {
        const fast = venueWith(fastBook);
        const naive = venueWith(naiveBook);
        const placed: { id: number; user: string; cid: string }[] = [];
        for (const s of steps) {
          const cmd = toCommand(s, placed, fast.state.trading.markets.get('BTC_USDT')?.lastPrice ?? null);
          const a = fast.run(cmd);
          const b = naive.run(cmd);
          assert.deepEqual(outcomeData(a), outcomeData(b));
          if (a.result.ok) seen.accepted++;
          for (const e of a.events) {
            if (e.type === 'TradeExecuted') seen.trades++;
            if (e.type === 'StopActivated') seen.stops++;
            // a finished order's left is what it did not execute: nothing, once FILLED
            if (e.type === 'OrderFinished' && e.order.status === 'FILLED') assert.equal(e.order.left, 0);
          }
          if (a.result.ok && (cmd.type === 'PlaceOrder' || cmd.type === 'ModifyOrder')) {
            const o = a.result.value as { id: number; clientOrderId: string };
            placed.push({ id: o.id, user: cmd.user, cid: o.clientOrderId });
          }
          if (a.result.ok && cmd.type === 'ModifyOrder') seen.modified++;
          if (a.result.ok && cmd.type === 'FireKillSwitch') seen.killed++;
          checkInvariants(fast);
          checkInvariants(naive);
        }
        const text = encodeState(fast.state);
        assert.equal(encodeState(naive.state), text);
        // a snapshot decodes (into either book) to a state that encodes the same
        assert.equal(encodeState(decodeState(text)), text);
        assert.equal(encodeState(decodeState(text, { book: naiveBook })), text);
      }),
      { seed: 20_240_611, numRuns: 190 },
    );
    // the streams exercise matching and stop activation, not only refusals
    assert.ok(
      seen.trades > 1000 && seen.stops > 50 && seen.accepted > 5000 && seen.modified > 150 && seen.killed > 20,
      JSON.stringify(seen),
    );
  });

  it('a state decoded from a snapshot goes on exactly like the original', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 10, maxLength: 80, size: 'max' }), fc.nat(79), (steps, cut) => {
        const a = venueWith(fastBook);
        const placed: { id: number; user: string; cid: string }[] = [];
        const at = cut % steps.length;
        let b: TestVenue | undefined;
        for (let i = 0; i < steps.length; i++) {
          if (i === at) {
            b = venueWith(fastBook);
            Object.assign(b, { state: decodeState(encodeState(a.state)) });
            b.time = a.time;
            Object.assign(b, { seq: (a as unknown as { seq: number }).seq });
          }
          const cmd = toCommand(steps[i] as Step, placed, a.state.trading.markets.get('BTC_USDT')?.lastPrice ?? null);
          const ra = a.run(cmd);
          if (b !== undefined) assert.deepEqual(outcomeData(b.run(cmd)), outcomeData(ra));
          if (ra.result.ok && (cmd.type === 'PlaceOrder' || cmd.type === 'ModifyOrder')) {
            const o = ra.result.value as { id: number; clientOrderId: string };
            placed.push({ id: o.id, user: cmd.user, cid: o.clientOrderId });
          }
        }
        assert.equal(encodeState((b as TestVenue).state), encodeState(a.state));
      }),
      { seed: 7, numRuns: 60 },
    );
  });
});
