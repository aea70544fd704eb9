import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  decodeState,
  encodeState,
  fastBook,
  INDEX_PRICE_DECIMALS,
  naiveBook,
  pow10,
  type Command,
  type OrderType,
  type PositionSide,
  type StpMode,
  type Outcome,
} from '../../src/index.js';
import { positionHolders } from '../../src/collateral/position-holders.js';
import { collateralOrder, CollateralVenue, sound } from '../support/collateral-venue.js';
import { order } from '../support/venue.js';
import { outcomeData } from '../support/outcome-data.js';
import { checkedAgainstEveryAccount } from '../support/check-every-account.js';

const USERS = ['u1', 'u2', 'u3'] as const;
const MARKETS = {
  BTC_USDT: { mid: 6_000_000, step: 2_000, lot: 1_000 },
  BTC_PERP: { mid: 600_000, step: 200, lot: 10 },
} as const;

type Step =
  | {
      kind: 'collateral';
      user: number;
      market: keyof typeof MARKETS;
      side: 'buy' | 'sell';
      type: OrderType;
      offset: number;
      amount: number;
      activation: number;
      ioc: boolean;
      reduceOnly: number;
      rpi: boolean;
      positionSide: number;
      sl: number;
      tp: number;
      stp: StpMode;
    }
  | { kind: 'spot'; user: number; side: 'buy' | 'sell'; type: OrderType; offset: number; amount: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'cancelAll'; user: number }
  | { kind: 'cancelOto'; pick: number }
  | { kind: 'cancelLeg'; pick: number }
  | { kind: 'index'; move: number }
  | { kind: 'leverage'; user: number; leverage: number }
  | { kind: 'hedge'; user: number; on: boolean }
  | { kind: 'transfer'; user: number; out: boolean; ticker: 'USDT' | 'BTC'; amount: number }
  | { kind: 'wait'; hours: number }
  | { kind: 'shock'; percent: number }
  | { kind: 'settle'; early: boolean }
  | { kind: 'depth'; market: keyof typeof MARKETS; side: 'buy' | 'sell'; offset: number; amount: number }
  | { kind: 'liquidate' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('collateral' as const),
      user: fc.nat(USERS.length - 1),
      market: fc.constantFrom('BTC_USDT' as const, 'BTC_PERP' as const),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      type: fc.constantFrom<OrderType>('limit', 'limit', 'limit', 'stock market', 'stop market', 'stop limit'),
      offset: fc.integer({ min: -5, max: 5 }),
      amount: fc.integer({ min: 1, max: 60 }),
      activation: fc.integer({ min: -4, max: 4 }),
      ioc: fc.boolean(),
      reduceOnly: fc.nat(3),
      rpi: fc.boolean(),
      positionSide: fc.nat(9),
      sl: fc.integer({ min: 0, max: 4 }),
      tp: fc.integer({ min: 0, max: 4 }),
      stp: fc.constantFrom<StpMode>('no', 'no', 'cn', 'co', 'cb'),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('spot' as const),
      user: fc.nat(USERS.length - 1),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      type: fc.constantFrom<OrderType>('limit', 'limit', 'market', 'stop market'),
      offset: fc.integer({ min: -5, max: 5 }),
      amount: fc.integer({ min: 1, max: 60 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(1000) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelAll' as const), user: fc.nat(USERS.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelOto' as const), pick: fc.nat(1000) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('index' as const), move: fc.integer({ min: -8, max: 8 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('leverage' as const),
      user: fc.nat(USERS.length - 1),
      leverage: fc.constantFrom(1, 2, 5, 10, 20, 100),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('hedge' as const), user: fc.nat(USERS.length - 1), on: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      user: fc.nat(USERS.length - 1),
      out: fc.boolean(),
      ticker: fc.constantFrom('USDT' as const, 'BTC' as const),
      amount: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 72 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('settle' as const), early: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('shock' as const), percent: fc.integer({ min: -15, max: 15 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('liquidate' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('depth' as const),
      market: fc.constantFrom('BTC_USDT' as const, 'BTC_PERP' as const),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      offset: fc.integer({ min: 1, max: 60 }),
      amount: fc.integer({ min: 1, max: 20 }),
    }),
  },
);

/** The steps, and now and then the cancel of a waiting OTO leg by its owner. */
const withLegCancels: fc.Arbitrary<Step> = fc.oneof(
  { weight: 31, arbitrary: step },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelLeg' as const), pick: fc.nat(1000) }) },
);

/** A market maker outside the traders: its resting orders give liquidations a book to close into. */
const MAKER = 'mm';

interface Placed {
  readonly id: number;
  readonly user: string;
  readonly market: string;
  readonly oto: number | null;
}

function toCommand(s: Step, v: CollateralVenue, placed: Placed[]): Command | 'wait' {
  switch (s.kind) {
    case 'wait':
      return 'wait';
    case 'settle':
      return { type: 'SettleFunding', market: 'BTC_PERP', early: s.early };
    case 'liquidate':
      return { type: 'CheckLiquidations' };
    case 'depth': {
      const m = MARKETS[s.market];
      // away from the mid on the order's own side: it rests, and a closing market order finds it
      const price = m.mid + (s.side === 'buy' ? -s.offset : s.offset) * m.step;
      const fields = { price, amount: s.amount * m.lot };
      return s.market === 'BTC_USDT' ? order(MAKER, s.side, fields) : collateralOrder(MAKER, s.market, s.side, fields);
    }
    case 'shock': {
      const btc = v.state.trading.indexPrices.get('BTC') as bigint;
      return { type: 'SetIndexPrice', ticker: 'BTC', price: (btc * BigInt(100 + s.percent)) / 100n };
    }
    case 'index': {
      const btc = v.state.trading.indexPrices.get('BTC') as bigint;
      const next = btc + (BigInt(s.move) * 100n * pow10(INDEX_PRICE_DECIMALS)) / 1n;
      return { type: 'SetIndexPrice', ticker: 'BTC', price: next > 0n ? next : btc };
    }
    case 'cancel': {
      const p = placed.length === 0 ? undefined : placed[s.pick % placed.length];
      return { type: 'CancelOrder', user: p?.user ?? 'u1', market: p?.market ?? 'BTC_USDT', orderId: p?.id ?? 1 };
    }
    case 'cancelAll':
      return { type: 'CancelAllOrders', user: USERS[s.user] as string, market: null, kinds: null };
    case 'cancelOto': {
      const withOto = placed.filter((p) => p.oto !== null);
      const p = withOto.length === 0 ? undefined : withOto[s.pick % withOto.length];
      return { type: 'CancelOto', user: p?.user ?? 'u1', market: p?.market ?? 'BTC_USDT', otoId: p?.oto ?? 1 };
    }
    case 'cancelLeg': {
      const legs = openLegs(v);
      const leg = legs.length === 0 ? undefined : legs[s.pick % legs.length];
      return { type: 'CancelOrder', user: leg?.user ?? 'u1', market: leg?.market ?? 'BTC_USDT', orderId: leg?.id ?? 1 };
    }
    case 'leverage':
      return { type: 'SetLeverage', user: USERS[s.user] as string, leverage: s.leverage };
    case 'hedge':
      return { type: 'SetHedgeMode', user: USERS[s.user] as string, hedgeMode: s.on };
    case 'transfer': {
      const amount = BigInt(s.amount) * (s.ticker === 'USDT' ? 1_000_000n : 10_000n);
      const [from, to] = s.out ? (['collateral', 'main'] as const) : (['main', 'collateral'] as const);
      return { type: 'Transfer', user: USERS[s.user] as string, ticker: s.ticker, amount, from, to };
    }
    case 'spot': {
      const m = MARKETS.BTC_USDT;
      const limited = s.type === 'limit';
      const last = v.state.trading.markets.get('BTC_USDT')?.lastPrice ?? m.mid;
      const stop = s.type === 'stop market';
      const activation = stop ? last + (s.offset === 0 ? 1 : s.offset) * m.step : 0;
      const byMoney = s.side === 'buy' && s.type !== 'limit';
      return order(USERS[s.user] as string, s.side, {
        orderType: s.type,
        price: limited ? m.mid + s.offset * m.step : 0,
        amount: byMoney ? s.amount * m.lot * 60 : s.amount * m.lot,
        activationPrice: activation,
        activationPriceText: stop ? String(activation) : '',
      });
    }
    case 'collateral': {
      const m = MARKETS[s.market];
      const limited = s.type === 'limit' || s.type === 'stop limit';
      const stop = s.type === 'stop market' || s.type === 'stop limit';
      const last = v.state.trading.markets.get(s.market)?.lastPrice ?? m.mid;
      const price = limited ? m.mid + s.offset * m.step : 0;
      const activation = stop ? last + (s.activation === 0 ? 1 : s.activation) * m.step : 0;
      const reference = s.type === 'stop market' ? activation : price;
      const buy = s.side === 'buy';
      const user = USERS[s.user] as string;
      // mostly the side the account's mode asks for, sometimes the wrong one (114)
      const hedge = s.market === 'BTC_PERP' && v.state.collateral.accounts.get(user)?.hedgeMode === true;
      const sides: PositionSide[] = hedge ? ['LONG', 'SHORT'] : ['BOTH'];
      const positionSide =
        s.positionSide < 8 ? (sides[s.positionSide % sides.length] as PositionSide) : hedge ? 'BOTH' : 'LONG';
      const reduceOnly = s.reduceOnly === 0;
      const oto = !reduceOnly && s.type !== 'stock market' && (s.sl > 0 || s.tp > 0);
      const sl = oto && s.sl > 0 ? reference + (buy ? -1 : 1) * s.sl * m.step : 0;
      const tp = oto && s.tp > 0 ? reference + (buy ? 1 : -1) * s.tp * m.step : 0;
      return collateralOrder(user, s.market, s.side, {
        orderType: s.type,
        price,
        amount: s.amount * m.lot,
        activationPrice: activation,
        activationPriceText: stop ? String(activation) : '',
        ioc: limited && s.ioc && !s.rpi,
        // a stop-limit cannot be RPI: the same draw makes it post-only, checked when it triggers
        postOnly: s.type === 'stop limit' && s.rpi && !s.ioc,
        reduceOnly,
        rpi: s.type === 'limit' && s.rpi,
        positionSide,
        stp: s.stp,
        ...(sl > 0 ? { stopLoss: { ticks: sl, text: String(sl) } } : {}),
        ...(tp > 0 ? { takeProfit: { ticks: tp, text: String(tp) } } : {}),
      });
    }
  }
}

/** The OTO legs waiting, in id order. */
function openLegs(v: CollateralVenue): { id: number; user: string; market: string; key: string }[] {
  const out: { id: number; user: string; market: string; key: string }[] = [];
  for (const o of v.state.trading.orders.values()) {
    if (o.oto !== null && o.oto.role !== 'parent')
      out.push({ id: o.id, user: o.user, market: o.market, key: `${o.oto.id}:${o.oto.role}` });
  }
  return out.sort((a, b) => a.id - b.id);
}

function venueWith(book: typeof fastBook): CollateralVenue {
  const v = new CollateralVenue(book, { USDT: '200000', BTC: '5' });
  for (const u of USERS) {
    v.user(u, { USDT: '50000', BTC: '1' });
    v.must({
      type: 'CreditDeposit',
      transactionId: `${u}-c`,
      user: u,
      ticker: 'USDT',
      amount: 20_000_000_000n,
      network: null,
      txid: `${u}-c`,
      address: null,
      memo: null,
    });
    // u3 trades on a thin account, so that price shocks liquidate it now and then
    const collateral = u === 'u3' ? 300_000_000n : 10_000_000_000n;
    v.must({ type: 'Transfer', user: u, ticker: 'USDT', amount: collateral, from: 'main', to: 'collateral' });
  }
  v.user(MAKER, { USDT: '10000000', BTC: '200' });
  v.must({ type: 'Transfer', user: MAKER, ticker: 'USDT', amount: 5_000_000_000_000n, from: 'spot', to: 'collateral' });
  return v;
}

/** Runs one command on a venue: `v.run`, unless a test has something to do around it. */
type Runner = (v: CollateralVenue, cmd: Command) => Outcome<unknown>;

/** Applies a stream to a venue, recording the orders placed; returns the outcomes. */
function drive(
  v: CollateralVenue,
  steps: readonly Step[],
  placed: Placed[],
  seen: Record<string, number>,
  run: Runner = (venue, cmd) => venue.run(cmd),
): unknown[] {
  const outcomes: unknown[] = [];
  // the legs their owners cancelled, by group and role: none is ever armed again
  const cancelledLegs = new Set<string>();
  for (const s of steps) {
    const cmd = toCommand(s, v, placed);
    if (cmd === 'wait') {
      v.time += s.kind === 'wait' ? s.hours * 3_600_000_000 : 0;
      continue;
    }
    const out = run(v, cmd);
    outcomes.push(outcomeData(out));
    if (out.result.ok) seen.accepted = (seen.accepted ?? 0) + 1;
    let gained = 0n;
    for (const e of out.events) {
      seen[e.type] = (seen[e.type] ?? 0) + 1;
      if (e.type === 'PositionChanged' && e.funding > 0n) seen.interest = (seen.interest ?? 0) + 1;
      if (e.type === 'FundingPaid') gained += e.amount;
      // funding paid = funding received + the residue, which the fee account keeps
      if (e.type === 'FundingSettled') {
        assert.equal(e.paid, e.received + e.residue);
        assert.equal(gained, e.received - e.paid);
        if (e.rate !== 0n) seen.fundingMoved = (seen.fundingMoved ?? 0) + 1;
      }
    }
    if (out.result.ok && cmd.type === 'PlaceOrder') {
      const o = out.result.value as { id: number; oto: { id: number } | null };
      placed.push({ id: o.id, user: cmd.user, market: cmd.market, oto: o.oto?.id ?? null });
    }
    if (out.result.ok && cmd.type === 'CancelOrder') {
      const link = (out.result.value as { oto: { id: number; role: string } | null }).oto;
      if (link !== null && link.role !== 'parent') {
        cancelledLegs.add(`${link.id}:${link.role}`);
        seen.legCancelled = (seen.legCancelled ?? 0) + 1;
      }
    }
    for (const leg of openLegs(v)) assert.ok(!cancelledLegs.has(leg.key), `leg ${leg.key} armed again`);
    sound(v);
  }
  return outcomes;
}

describe('model: collateral and spot streams keep every asset conserved, with the lending pool', () => {
  it('fast and naive books answer alike, the invariants hold after every command, snapshots decode', () => {
    const seen: Record<string, number> = {};
    fc.assert(
      fc.property(fc.array(step, { minLength: 40, maxLength: 160, size: 'max' }), (steps) => {
        const fast = venueWith(fastBook);
        const naive = venueWith(naiveBook);
        const a = drive(fast, steps, [], seen);
        const b = drive(naive, steps, [], {});
        assert.deepEqual(a, b);
        const text = encodeState(fast.state);
        assert.equal(encodeState(naive.state), text);
        assert.equal(encodeState(decodeState(text)), text);
        assert.equal(encodeState(decodeState(text, { book: naiveBook })), text);
      }),
      { seed: 4_2024, numRuns: 200 },
    );
    // the streams reach trades, positions, OTO legs, loans and interest, not only refusals
    for (const kind of [
      'TradeExecuted',
      'PositionChanged',
      'StopActivated',
      'LeverageSet',
      'interest',
      'fundingMoved',
    ]) {
      assert.ok((seen[kind] ?? 0) > 50, `${kind}: ${JSON.stringify(seen)}`);
    }
    assert.ok((seen.AccountLiquidated ?? 0) > 5, `AccountLiquidated: ${JSON.stringify(seen)}`);
  });

  it('a liquidation check visits the accounts that a pass over every account in name order would', () => {
    // more price shocks than the other streams, so that accounts fall below their maintenance margin
    const shaken = fc.oneof(
      { weight: 3, arbitrary: step },
      {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('shock' as const), percent: fc.integer({ min: -15, max: 15 }) }),
      },
    );
    const seen = { checks: 0, liquidated: 0 };
    const compared: Runner = (v, cmd) => {
      if (cmd.type !== 'CheckLiquidations') return v.run(cmd);
      const out = checkedAgainstEveryAccount(v);
      seen.checks++;
      if (out.result.ok) seen.liquidated += out.result.value.liquidated.length;
      return out;
    };
    fc.assert(
      fc.property(fc.array(shaken, { minLength: 40, maxLength: 160, size: 'max' }), (steps) => {
        const v = venueWith(fastBook);
        drive(v, steps, [], {}, compared);
        // what funding and open interest read holds every position
        const holders = positionHolders(v.state.collateral.accounts);
        for (const [name, account] of v.state.collateral.accounts) {
          if (account.positions.size > 0) assert.ok(holders.has(name), name);
        }
      }),
      { seed: 7, numRuns: 200 },
    );
    assert.ok(seen.liquidated > 10, JSON.stringify(seen));
  });

  it('an OTO leg its owner cancelled is never armed again (drive checks it after every command)', () => {
    const seen: Record<string, number> = {};
    fc.assert(
      fc.property(fc.array(withLegCancels, { minLength: 40, maxLength: 160, size: 'max' }), (steps) => {
        drive(venueWith(fastBook), steps, [], seen);
      }),
      { seed: 33, numRuns: 100 },
    );
    assert.ok((seen.legCancelled ?? 0) > 20, JSON.stringify(seen));
  });

  it('a state decoded from a snapshot goes on exactly like the original', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 10, maxLength: 80, size: 'max' }), fc.nat(79), (steps, cut) => {
        const at = cut % steps.length;
        const a = venueWith(fastBook);
        const placed: Placed[] = [];
        drive(a, steps.slice(0, at), placed, {});
        const b = venueWith(fastBook);
        Object.assign(b, { state: decodeState(encodeState(a.state)) });
        b.time = a.time;
        Object.assign(b, { seq: (a as unknown as { seq: number }).seq });
        const rest = steps.slice(at);
        assert.deepEqual(drive(b, rest, [...placed], {}), drive(a, rest, placed, {}));
        assert.equal(encodeState(b.state), encodeState(a.state));
      }),
      { seed: 11, numRuns: 60 },
    );
  });
});
