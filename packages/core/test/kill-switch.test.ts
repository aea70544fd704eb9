import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  conservationBreaches,
  decodeState,
  encodeState,
  holdMismatches,
  killSwitchKey,
  type Command,
  type KillSwitchKind,
} from '../src/index.js';
import { TestVenue } from './support/venue.js';

const USERS = ['u1', 'u2'] as const;
const MARKETS = ['BTC_USDT', 'ETH_BTC'] as const;
const SECOND = 1_000_000;
/** Prices that never cross: buys below, sells above (ticks of each market). */
const PRICES = { BTC_USDT: { buy: 5_000_000, sell: 7_000_000 }, ETH_BTC: { buy: 50_000, sell: 70_000 } } as const;
const AMOUNTS = { BTC_USDT: 1_000, ETH_BTC: 10_000 } as const;
const KINDS: (readonly KillSwitchKind[] | null)[] = [
  null,
  ['spot'],
  ['margin'],
  ['futures', 'spot'],
  ['margin', 'futures'],
];

type Step =
  | { kind: 'place'; user: number; market: number; side: 'buy' | 'sell' }
  | { kind: 'arm'; user: number; market: number; timeout: number; kinds: number }
  | { kind: 'disarm'; user: number; market: number }
  | { kind: 'advance'; seconds: number };

const who = { user: fc.nat(USERS.length - 1), market: fc.nat(MARKETS.length - 1) };
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      ...who,
      side: fc.constantFrom('buy' as const, 'sell' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('arm' as const),
      ...who,
      timeout: fc.integer({ min: 5, max: 60 }),
      kinds: fc.nat(KINDS.length - 1),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('disarm' as const), ...who }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), seconds: fc.integer({ min: 0, max: 70 }) }),
  },
);

/** The reference: armed switches and open orders, kept without the engine. */
interface Model {
  switches: Map<string, { user: string; market: string; kinds: readonly KillSwitchKind[] | null; expiresAt: number }>;
  open: Map<number, { user: string; market: string }>;
}

function venue(): TestVenue {
  const v = new TestVenue();
  for (const u of USERS) v.user(u, { USDT: '100000000', BTC: '1000', ETH: '100000' });
  return v;
}

/** Runs a command that must not finish any order (only a kill-switch does here). */
function quiet<C extends Command>(v: TestVenue, cmd: C) {
  const outcome = v.run(cmd);
  assert.deepEqual(
    outcome.events.filter((e) => e.type === 'OrderFinished'),
    [],
    cmd.type,
  );
  return outcome.result;
}

/**
 * The server's timer: every switch the model says is due at the next command's time is fired, in
 * the order they expire; each cancels exactly the open orders of its user on its market that it
 * reaches (all orders here are spot orders).
 */
function fireDue(v: TestVenue, model: Model): number {
  let fired = 0;
  const at = v.time + SECOND;
  const due = [...model.switches.entries()]
    .filter(([, s]) => s.expiresAt <= at)
    .sort((a, b) => a[1].expiresAt - b[1].expiresAt);
  for (const [key, s] of due) {
    const expected = [...model.open.entries()]
      .filter(([, o]) => o.user === s.user && o.market === s.market && (s.kinds === null || s.kinds.includes('spot')))
      .map(([id]) => id);
    const { result, events } = v.run({ type: 'FireKillSwitch', user: s.user, market: s.market });
    assert.ok(result.ok, JSON.stringify(result));
    assert.ok(v.time >= s.expiresAt);
    const finished = events.flatMap((e) => (e.type === 'OrderFinished' ? [e.order.id] : []));
    assert.deepEqual(
      finished.sort((a, b) => a - b),
      expected.sort((a, b) => a - b),
    );
    for (const id of expected) model.open.delete(id);
    model.switches.delete(key);
    fired++;
  }
  return fired;
}

describe('kill-switch: the engine against a reference model', () => {
  it('random arms, refreshes, disarms and clock advances: exactly the right orders cancelled, at the right command', () => {
    let firedTotal = 0;
    let refusedEarly = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 20, maxLength: 80 }), fc.nat(), (steps, probe) => {
        const v = venue();
        const model: Model = { switches: new Map(), open: new Map() };
        for (const s of steps) {
          if (s.kind === 'advance') v.time += s.seconds * SECOND;
          else {
            const user = USERS[s.user] as string;
            const market = MARKETS[s.market] as (typeof MARKETS)[number];
            if (s.kind === 'place') {
              const result = quiet(v, {
                type: 'PlaceOrder',
                user,
                account: 'spot',
                market,
                side: s.side,
                orderType: 'limit',
                price: PRICES[market][s.side],
                amount: AMOUNTS[market],
                activationPrice: 0,
                activationPriceText: '',
                clientOrderId: '',
                postOnly: false,
                ioc: false,
                stp: 'no',
              });
              assert.ok(result.ok);
              if (result.ok) model.open.set(result.value.id, { user, market });
            } else if (s.kind === 'arm') {
              const kinds = KINDS[s.kinds] ?? null;
              const result = quiet(v, { type: 'SetKillSwitch', user, market, timeout: s.timeout, kinds });
              assert.ok(result.ok);
              model.switches.set(killSwitchKey(user, market), {
                user,
                market,
                kinds,
                expiresAt: v.time + s.timeout * SECOND,
              });
            } else {
              assert.ok(quiet(v, { type: 'SetKillSwitch', user, market, timeout: null, kinds: null }).ok);
              model.switches.delete(killSwitchKey(user, market));
            }
          }
          // a switch not due (or not armed) is refused, and does nothing
          const notDue = [...model.switches.values()].filter((x) => x.expiresAt > v.time + SECOND);
          const target = notDue[probe % Math.max(1, notDue.length)];
          const early = v.run({ type: 'FireKillSwitch', user: target?.user ?? 'u1', market: target?.market ?? 'NONE' });
          assert.equal(early.result.ok ? 'fired' : early.result.rejection.reason, 'KILL_SWITCH_NOT_DUE');
          assert.deepEqual(early.events, []);
          refusedEarly++;
          firedTotal += fireDue(v, model);
          // the engine holds exactly the model's switches, and exactly its open orders
          assert.deepEqual(
            [...v.state.killSwitches.entries()].map(([k, x]) => [k, x.expiresAt]).sort(),
            [...model.switches.entries()].map(([k, x]) => [k, x.expiresAt]).sort(),
          );
          assert.deepEqual(
            [...v.state.trading.orders.values()].map((o) => o.id).sort((a, b) => a - b),
            [...model.open.keys()].sort((a, b) => a - b),
          );
          assert.deepEqual(conservationBreaches(v.state), []);
          assert.deepEqual(holdMismatches(v.state), []);
        }
        // armed switches survive a snapshot, as they survive a restart
        const text = encodeState(v.state);
        assert.equal(encodeState(decodeState(text)), text);
      }),
      { seed: 37, numRuns: 200 },
    );
    assert.ok(firedTotal > 200 && refusedEarly > 1000, JSON.stringify({ firedTotal, refusedEarly }));
  });

  it('a switch that expired while nothing ran fires at the first command after, whatever the gap', () => {
    const v = venue();
    v.must({ type: 'SetKillSwitch', user: 'u1', market: 'BTC_USDT', timeout: 5, kinds: null });
    const placed = v.must({
      type: 'PlaceOrder',
      user: 'u1',
      account: 'spot',
      market: 'BTC_USDT',
      side: 'buy',
      orderType: 'limit',
      price: 5_000_000,
      amount: 1_000,
      activationPrice: 0,
      activationPriceText: '',
      clientOrderId: '',
      postOnly: false,
      ioc: false,
      stp: 'no',
    });
    // a snapshot taken before the downtime, restored after a day
    const restored = venue();
    Object.assign(restored, { state: decodeState(encodeState(v.state)) });
    restored.time = v.time + 86_400 * SECOND;
    const fired = restored.must({ type: 'FireKillSwitch', user: 'u1', market: 'BTC_USDT' });
    assert.deepEqual(fired.cancelled, 1);
    assert.equal(restored.state.trading.orders.get(placed.id), undefined);
    assert.equal(restored.state.killSwitches.size, 0);
  });

  it('refuses a timeout outside 5 to 600 seconds, empty or unknown kinds, an unknown market', () => {
    const v = venue();
    const reason = (cmd: Command): string => {
      const { result } = v.run(cmd);
      return result.ok ? 'accepted' : result.rejection.reason;
    };
    const arm = { type: 'SetKillSwitch', user: 'u1', market: 'BTC_USDT', kinds: null } as const;
    assert.equal(reason({ ...arm, timeout: 4 }), 'INVALID_ARGUMENT');
    assert.equal(reason({ ...arm, timeout: 601 }), 'INVALID_ARGUMENT');
    assert.equal(reason({ ...arm, timeout: 5.5 }), 'INVALID_ARGUMENT');
    assert.equal(reason({ ...arm, timeout: 60, kinds: [] }), 'INVALID_ARGUMENT');
    assert.equal(reason({ ...arm, timeout: 60, market: 'NOPE' }), 'MARKET_NOT_AVAILABLE');
    assert.equal(v.state.killSwitches.size, 0);
    assert.equal(reason({ ...arm, timeout: 600 }), 'accepted');
  });
});
