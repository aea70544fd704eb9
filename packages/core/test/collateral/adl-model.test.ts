import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  accountFigures,
  adlQuantiles,
  adlRanking,
  AdlQueues,
  decodeState,
  encodeState,
  fastBook,
  fineValue,
  naiveBook,
  quantileAt,
  positionPnl,
  positionValue,
  unitsFor,
  type AdlSide,
  type BookFactory,
  type Command,
  type Event,
  type State,
} from '../../src/index.js';
import { heldPositions } from '../../src/collateral/position-holders.js';
import { collateralOrder, CollateralVenue, sound } from '../support/collateral-venue.js';
import { outcomeData } from '../support/outcome-data.js';

/** BTC_PERP: lots of 0.0001 BTC, ticks of 0.1 USDT; traders deal in hundredths of a BTC. */
const STEP = 100;
const TICK = 10;
const NAMES = ['t', 'c', 'x', 'B', 'é', 'k', 'q', 'a0'];

const trader = fc.record({
  funds: fc.integer({ min: 150, max: 4_000 }),
  leverage: fc.constantFrom(10, 20, 50, 100),
  long: fc.boolean(),
  size: fc.integer({ min: 1, max: 20 }),
});

/** A thin book: a few small orders of a market maker near 60 000, and more as the price falls. */
const quote = fc.record({
  buy: fc.boolean(),
  offset: fc.integer({ min: 1, max: 60 }),
  size: fc.integer({ min: 1, max: 10 }),
});

const scenario = fc.record({
  traders: fc.array(trader, { minLength: 3, maxLength: NAMES.length }),
  quotes: fc.array(quote, { maxLength: 8 }),
  falling: fc.boolean(),
  funded: fc.boolean(),
  moves: fc.array(fc.record({ percent: fc.integer({ min: 1, max: 4 }), requote: fc.array(quote, { maxLength: 3 }) }), {
    minLength: 5,
    maxLength: 25,
  }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** The commands of a scenario, in order: positions opened against a dealer, a thin book, then the index moves. */
function commands(s: Scenario): Command[] {
  const out: Command[] = [];
  const index = (whole: number): Command => ({
    type: 'SetIndexPrice',
    ticker: 'BTC',
    price: BigInt(Math.round(whole * 100)) * 10n ** 16n,
  });
  s.traders.forEach((t, i) => {
    const name = NAMES[i] as string;
    out.push({ type: 'SetLeverage', user: name, leverage: t.leverage });
    const amount = t.size * STEP;
    out.push(collateralOrder('dealer', 'BTC_PERP', t.long ? 'sell' : 'buy', { price: 60_000 * TICK, amount }));
    out.push(collateralOrder(name, 'BTC_PERP', t.long ? 'buy' : 'sell', { price: 60_000 * TICK, amount }));
  });
  // the dealer's own order left over when a trader's was refused
  out.push({ type: 'CancelAllOrders', user: 'dealer', market: null, kinds: null });
  const rest = (q: Scenario['quotes'][number], around: number): Command =>
    collateralOrder('maker', 'BTC_PERP', q.buy ? 'buy' : 'sell', {
      price: Math.max(1, Math.round(around * (1 + ((q.buy ? -1 : 1) * q.offset) / 1_000))) * TICK,
      amount: q.size * STEP,
    });
  for (const q of s.quotes) out.push(rest(q, 60_000));
  let price = 60_000;
  for (const move of s.moves) {
    price = Math.max(1_000, price * (1 + ((s.falling ? -1 : 1) * move.percent) / 100));
    out.push(index(price));
    for (const q of move.requote) out.push(rest(q, price));
    out.push({ type: 'CheckLiquidations' });
  }
  return out;
}

function venue(s: Scenario, book: BookFactory): CollateralVenue {
  const v = new CollateralVenue(book);
  s.traders.forEach((t, i) => v.collateralUser(NAMES[i] as string, { USDT: String(t.funds) }));
  v.collateralUser('dealer', { USDT: '200000' });
  v.collateralUser('maker', { USDT: '200000' });
  if (s.funded) {
    // a whale long 1 BTC on 6 100 USDT is liquidated into a bid at 54 900: its clearance fee funds the fund
    v.collateralUser('whale', { USDT: '6100' });
    v.must(collateralOrder('dealer', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: 10_000 }));
    v.must(collateralOrder('whale', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: 10_000 }));
    v.must(collateralOrder('maker', 'BTC_PERP', 'buy', { price: 54_900 * TICK, amount: 10_000 }));
    v.index('BTC', '55000');
    v.must({ type: 'CheckLiquidations' });
    assert.ok((v.state.ledger.insuranceFund.get('USDT') ?? 0n) > 0n);
    v.must({ type: 'CancelAllOrders', user: 'maker', market: null, kinds: null });
    v.index('BTC', '60000');
  }
  return v;
}

/**
 * The ranking as its definition reads, computed apart from adlRanking: each position's score as a
 * decimal with 80 places (PnL over basis, times notional over equity in profit, divided by it at a
 * loss), highest first, then the oldest position.
 */
function referenceRanking(state: State, side: AdlSide, now: number): string[] {
  const spec = state.markets.get('BTC_PERP')!;
  const scale = 10n ** 80n;
  const rows: { user: string; id: number; score: bigint }[] = [];
  for (const [user, pos] of heldPositions(state.collateral.accounts)) {
    if (pos.market !== 'BTC_PERP' || pos.size === 0 || pos.size > 0 !== (side === 'long')) continue;
    const pnl = positionPnl(state, spec, pos);
    const notional = positionValue(state, spec, pos, false) ?? 0n;
    const basis = fineValue(state, spec, unitsFor(state, spec).fineScale, pos.basis, false) ?? 0n;
    const equity = accountFigures(state, user, now).equity;
    const leverageNum = notional;
    const leverageDen = equity > 0n ? equity : 1n;
    const floorDiv = (n: bigint, d: bigint): bigint => (n >= 0n ? n / d : -((-n + d - 1n) / d));
    const score =
      basis <= 0n || notional <= 0n
        ? 0n
        : pnl >= 0n
          ? floorDiv(pnl * leverageNum * scale, basis * leverageDen)
          : floorDiv(pnl * leverageDen * scale, basis * leverageNum);
    rows.push({ user, id: pos.id, score });
  }
  rows.sort((a, b) => (a.score === b.score ? a.id - b.id : a.score > b.score ? -1 : 1));
  return rows.map((r) => `${r.user}#${r.id}`);
}

/** An account's BTC_PERP quantiles read off adlRanking as their definition says: its rank's fifth of the queue. */
function referenceQuantiles(
  state: State,
  user: string,
  now: number,
): { market: string; long: number | null; short: number | null }[] {
  const of = (side: AdlSide): number | null | undefined => {
    const ranking = adlRanking(state, 'BTC_PERP', side, now);
    const rank = ranking.findIndex((r) => r.user === user);
    return rank < 0 ? undefined : quantileAt(rank, ranking.length);
  };
  const long = of('long');
  const short = of('short');
  if (long === undefined && short === undefined) return [];
  return [{ market: 'BTC_PERP', long: long ?? null, short: short ?? null }];
}

/** What each step must leave true, and what the auto-deleveraging of the step did. */
function check(v: CollateralVenue, events: readonly Event[], seen: Record<string, number>): void {
  sound(v);
  for (const [ticker, amount] of v.state.ledger.insuranceFund) assert.ok(amount >= 0n, `fund ${ticker} ${amount}`);
  // longs and shorts net to zero
  let net = 0;
  for (const [, pos] of heldPositions(v.state.collateral.accounts)) if (pos.market === 'BTC_PERP') net += pos.size;
  assert.equal(net, 0);
  for (const side of ['long', 'short'] as const) {
    assert.deepEqual(
      adlRanking(v.state, 'BTC_PERP', side, v.time).map((r) => `${r.user}#${r.position.id}`),
      referenceRanking(v.state, side, v.time),
    );
  }
  // one set of queues read for every account answers what each account's own ranking does
  const queues = new AdlQueues(v.state, v.time);
  for (const [name] of v.state.collateral.accounts) {
    const own = adlQuantiles(v.state, name, v.time);
    assert.deepEqual(queues.quantiles(name), own);
    assert.deepEqual(queues.quantiles(name, 'BTC_PERP'), own);
    assert.deepEqual(own, referenceQuantiles(v.state, name, v.time));
    for (const q of own) {
      for (const quantile of [q.long, q.short]) if (quantile !== null) assert.ok(quantile >= 0 && quantile <= 4);
    }
  }
  // each liquidated position is closed against its counterparties in rank order: every one of them but
  // the last gives all it holds, and none is the liquidated account's own
  const groups = new Map<number, { counterparty: string; emptied: boolean }[]>();
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as Event;
    if (e.type !== 'PositionDeleveraged') continue;
    seen.deleveraged = (seen.deleveraged ?? 0) + 1;
    assert.notEqual(e.counterparty.user, e.liquidated.user);
    // the liquidated position's change, then the counterparty's (after any closing order it cancelled)
    const after = events
      .slice(i + 1)
      .find((c) => c.type === 'PositionChanged' && c.source === 'adl' && c.user === e.counterparty.user);
    assert.ok(after?.type === 'PositionChanged' && after.positionId === e.counterparty.positionId);
    const group = groups.get(e.liquidated.positionId) ?? [];
    group.push({ counterparty: e.counterparty.user, emptied: after.size === 0 });
    groups.set(e.liquidated.positionId, group);
  }
  for (const group of groups.values()) {
    assert.ok(
      group.slice(0, -1).every((g) => g.emptied),
      JSON.stringify(group),
    );
    if (group.length > 1) seen.spread = (seen.spread ?? 0) + 1;
  }
  const liquidations = events.filter((e) => e.type === 'AccountLiquidated');
  seen.liquidated = (seen.liquidated ?? 0) + liquidations.length;
  if (liquidations.length === 0) return;
  // what the book took of the liquidations, and what the fund paid or received
  for (const e of events) if (e.type === 'TradeExecuted') seen.bookCloses = (seen.bookCloses ?? 0) + 1;
  for (const e of liquidations) {
    for (const move of e.insurance) {
      if (move.amount < 0n) seen.fundPaid = (seen.fundPaid ?? 0) + 1;
      else seen.fundReceived = (seen.fundReceived ?? 0) + 1;
    }
  }
}

describe('model: auto-deleveraging on a thin book under a moving mark', () => {
  it('the fund never goes below zero, ADL follows the ranking, assets are conserved, both books agree', () => {
    const seen: Record<string, number> = {};
    fc.assert(
      fc.property(scenario, (s) => {
        const fast = venue(s, fastBook);
        const naive = venue(s, naiveBook);
        for (const cmd of commands(s)) {
          const a = fast.run(cmd);
          const b = naive.run(cmd);
          assert.deepEqual(outcomeData(a), outcomeData(b));
          check(fast, a.events, seen);
        }
        const text = encodeState(fast.state);
        assert.equal(encodeState(naive.state), text);
        assert.equal(encodeState(decodeState(text)), text);
      }),
      { seed: 1_313, numRuns: 150 },
    );
    // the streams liquidate into the book, with the fund paying, and deleverage, over several positions
    assert.ok(
      (seen.deleveraged ?? 0) > 100 &&
        (seen.spread ?? 0) > 10 &&
        (seen.bookCloses ?? 0) > 50 &&
        (seen.fundPaid ?? 0) > 10,
      JSON.stringify(seen),
    );
  });

  it('a replay of the journal, whole or from a snapshot, reaches the same state', () => {
    fc.assert(
      fc.property(scenario, fc.nat(200), (s, cut) => {
        const list = commands(s);
        const at = cut % list.length;
        const original = venue(s, fastBook);
        const outcomes = list.map((cmd) => outcomeData(original.run(cmd)));
        // the same commands from genesis
        const again = venue(s, fastBook);
        assert.deepEqual(
          list.map((cmd) => outcomeData(again.run(cmd))),
          outcomes,
        );
        assert.equal(encodeState(again.state), encodeState(original.state));
        // and from a snapshot taken part way
        const first = venue(s, fastBook);
        list.slice(0, at).forEach((cmd) => first.run(cmd));
        const resumed = venue(s, fastBook);
        Object.assign(resumed, { state: decodeState(encodeState(first.state)) });
        resumed.time = first.time;
        Object.assign(resumed, { seq: (first as unknown as { seq: number }).seq });
        assert.deepEqual(
          list.slice(at).map((cmd) => outcomeData(resumed.run(cmd))),
          outcomes.slice(at),
        );
        assert.equal(encodeState(resumed.state), encodeState(original.state));
      }),
      { seed: 31, numRuns: 60 },
    );
  });
});
