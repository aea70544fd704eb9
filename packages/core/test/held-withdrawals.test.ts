import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  apply,
  conservationBreaches,
  createState,
  CURRENT_RULES,
  decodeState,
  encodeState,
  HELD_WITHDRAWAL_RETENTION,
  negativeBalances,
  pendingWithdrawalBreaches,
  RULES,
  type Command,
  type Outcome,
  type Stamp,
  type State,
} from '../src/index.js';
import { ASSETS, credit, withdraw } from './support/assets.js';

const BTC_FEE = 20_000n;
const SUBS = { s1: 'p1', s2: 'p1', s3: 'p2' } as const;
type Sub = keyof typeof SUBS;
const SUB_NAMES = Object.keys(SUBS) as Sub[];
const PARENTS = ['p1', 'p2'] as const;

/** A venue whose clock the test moves: each command is stamped `step` after the last. */
class Venue {
  readonly state: State = createState();
  readonly journal: { cmd: Command; stamp: Stamp }[] = [];
  time = 1_700_000_000_000_000;

  constructor(rules: number) {
    if (rules > 1) this.must({ type: 'AdoptRules', version: rules });
    for (const a of ASSETS) this.must({ type: 'DefineAsset', asset: a });
    for (const p of PARENTS) {
      this.must({ type: 'CreateUser', name: p, eea: false });
      this.must(credit(p, 'BTC', 10_000_000n));
    }
    for (const [id, parent] of Object.entries(SUBS)) {
      this.must({
        type: 'CreateSubAccount',
        parent,
        id,
        alias: id,
        email: null,
        shareKyc: true,
        spotEnabled: false,
        collateralEnabled: false,
      });
    }
  }

  run(cmd: Command, step = 1_000): Outcome<unknown> {
    this.time += step;
    const stamp = { seq: this.state.seq + 1, time: this.time };
    const outcome = apply(this.state, cmd, stamp);
    if (outcome.result.ok) this.journal.push({ cmd, stamp });
    return outcome;
  }

  must(cmd: Command, step?: number): unknown {
    const { result } = this.run(cmd, step);
    if (!result.ok) throw new Error(`${cmd.type} refused: ${result.rejection.reason}`);
    return result.value;
  }

  main(user: string): bigint {
    return this.state.users.get(user)?.main.get('BTC') ?? 0n;
  }
}

const sound = (state: State): void => {
  assert.deepEqual(conservationBreaches(state), []);
  assert.deepEqual(negativeBalances(state), []);
  assert.deepEqual(pendingWithdrawalBreaches(state), []);
};

/** BTC moved between a sub-account and its main account. */
const transfer = (
  sub: Sub,
  transactionId: string,
  direction: 'main_to_sub' | 'sub_to_main',
  amount: bigint,
): Command => ({
  type: 'TransferSubAccount',
  parent: SUBS[sub],
  id: sub,
  transactionId,
  direction,
  ticker: 'BTC',
  amount,
});

const reason = (o: Outcome<unknown>): string => (o.result.ok ? 'accepted' : o.result.rejection.reason);

type Step =
  | { kind: 'request'; sub: number; amount: bigint }
  | { kind: 'confirm'; parent: number; pick: number }
  | { kind: 'move'; sub: number; toSub: boolean; amount: bigint }
  | { kind: 'expire'; pick: number; late: boolean }
  | { kind: 'complete'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('request' as const),
    sub: fc.nat(2),
    amount: fc.bigInt({ min: 100_000n, max: 4_000_000n }),
  }),
  fc.record({ kind: fc.constant('confirm' as const), parent: fc.nat(1), pick: fc.nat(30) }),
  fc.record({
    kind: fc.constant('move' as const),
    sub: fc.nat(2),
    toSub: fc.boolean(),
    amount: fc.bigInt({ min: 1n, max: 3_000_000n }),
  }),
  fc.record({ kind: fc.constant('expire' as const), pick: fc.nat(30), late: fc.boolean() }),
  fc.record({ kind: fc.constant('complete' as const), pick: fc.nat(30) }),
);

/** What the model knows of each withdrawal asked for: whose, how much, and where it stands. */
interface Asked {
  readonly id: string;
  readonly sub: Sub;
  readonly debit: bigint;
  state: 'held' | 'pending' | 'done' | 'expired';
  readonly expiresAt: number;
}

describe('sub-account withdrawals held for the main account', () => {
  it('move nothing until confirmed, are checked again at confirmation, conserve funds and replay', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 50 }), (steps) => {
        const v = new Venue(CURRENT_RULES);
        const main = new Map<string, bigint>([...PARENTS, ...SUB_NAMES].map((u) => [u, v.main(u)]));
        const asked: Asked[] = [];
        steps.forEach((s, n) => {
          const before = encodeState(v.state);
          const bal = (u: string): bigint => main.get(u) ?? 0n;
          let expected: boolean;
          let outcome: Outcome<unknown>;
          switch (s.kind) {
            case 'request': {
              const sub = SUB_NAMES[s.sub]!;
              const debit = s.amount + BTC_FEE;
              expected = bal(sub) >= debit;
              outcome = v.run(withdraw(sub, `u${n}`, 'BTC', s.amount));
              if (expected) {
                const time = v.time;
                asked.push({
                  id: `w-${sub}-u${n}`,
                  sub,
                  debit,
                  state: 'held',
                  expiresAt: time + HELD_WITHDRAWAL_RETENTION,
                });
              }
              break;
            }
            case 'confirm': {
              const parent = PARENTS[s.parent]!;
              const w = asked[s.pick % Math.max(1, asked.length)];
              const id = w?.id ?? 'none';
              outcome = v.run({ type: 'ConfirmHeldWithdrawal', parent, transactionId: id });
              expected =
                w !== undefined &&
                w.state === 'held' &&
                SUBS[w.sub] === parent &&
                w.expiresAt > v.time &&
                bal(w.sub) >= w.debit;
              if (expected && w !== undefined) {
                w.state = 'pending';
                main.set(w.sub, bal(w.sub) - w.debit);
              }
              break;
            }
            case 'move': {
              const sub = SUB_NAMES[s.sub]!;
              const [from, to] = s.toSub ? [SUBS[sub], sub] : [sub, SUBS[sub]];
              expected = bal(from) >= s.amount;
              outcome = v.run(transfer(sub, `t${n}`, s.toSub ? 'main_to_sub' : 'sub_to_main', s.amount));
              if (expected) {
                main.set(from, bal(from) - s.amount);
                main.set(to, bal(to) + s.amount);
              }
              break;
            }
            case 'expire': {
              const w = asked[s.pick % Math.max(1, asked.length)];
              const late = s.late && w !== undefined ? Math.max(1_000, w.expiresAt - v.time) : 1_000;
              outcome = v.run({ type: 'ExpireHeldWithdrawal', transactionId: w?.id ?? 'none' }, late);
              expected = w !== undefined && w.state === 'held' && w.expiresAt <= v.time;
              if (expected && w !== undefined) w.state = 'expired';
              break;
            }
            case 'complete': {
              const w = asked[s.pick % Math.max(1, asked.length)];
              outcome = v.run({
                type: 'CompleteWithdrawal',
                transactionId: w?.id ?? 'none',
                transactionHash: null,
                processedAmount: null,
              });
              expected = w?.state === 'pending';
              if (expected && w !== undefined) w.state = 'done';
              break;
            }
          }
          assert.equal(outcome.result.ok, expected, `${s.kind} #${n}: ${reason(outcome)}`);
          if (!outcome.result.ok) assert.equal(encodeState(v.state), before, 'a refusal leaves no trace');
          for (const [user, amount] of main) assert.equal(v.main(user), amount, `${user} after ${s.kind} #${n}`);
          assert.deepEqual(
            [...v.state.heldWithdrawals.keys()].sort(),
            asked
              .filter((w) => w.state === 'held')
              .map((w) => w.id)
              .sort(),
          );
          sound(v.state);
        });
        const text = encodeState(v.state);
        assert.equal(encodeState(decodeState(text)), text);
        const replayed = createState();
        for (const { cmd, stamp } of v.journal) assert.ok(apply(replayed, cmd, stamp).result.ok);
        assert.equal(encodeState(replayed), text);
      }),
      { numRuns: 150 },
    );
  });

  it('a confirmed withdrawal is a pending one like any other; confirming twice is refused', () => {
    const v = new Venue(CURRENT_RULES);
    v.must(transfer('s1', 't', 'main_to_sub', 1_000_000n));
    const held = v.run(withdraw('s1', 'u1', 'BTC', 500_000n));
    assert.deepEqual(held.result, {
      ok: true,
      value: { transactionId: 'w-s1-u1', network: 'BTC', fee: BTC_FEE, debit: 0n, held: true },
    });
    assert.deepEqual(
      held.events.map((e) => e.type),
      ['WithdrawalHeld'],
    );
    assert.equal(v.main('s1'), 1_000_000n);
    assert.equal(v.state.withdrawals.size, 0);
    // its unique id is taken from the start
    assert.equal(reason(v.run(withdraw('s1', 'u1', 'BTC', 500_000n))), 'WITHDRAWAL_UNIQUE_ID_TAKEN');
    // another main account's confirmation is refused, and leaves it held
    assert.equal(
      reason(v.run({ type: 'ConfirmHeldWithdrawal', parent: 'p2', transactionId: 'w-s1-u1' })),
      'HELD_WITHDRAWAL_NOT_OWN',
    );
    const createdAt = v.state.heldWithdrawals.get('w-s1-u1')?.createdAt;

    const confirmed = v.run({ type: 'ConfirmHeldWithdrawal', parent: 'p1', transactionId: 'w-s1-u1' });
    assert.equal(reason(confirmed), 'accepted');
    assert.deepEqual(
      confirmed.events.map((e) => e.type),
      ['HeldWithdrawalConfirmed'],
    );
    assert.equal(v.main('s1'), 1_000_000n - 520_000n);
    assert.equal(v.state.ledger.pendingWithdrawals.get('BTC'), 520_000n);
    assert.equal(v.state.withdrawals.get('w-s1-u1')?.createdAt, createdAt);
    assert.equal(
      reason(v.run({ type: 'ConfirmHeldWithdrawal', parent: 'p1', transactionId: 'w-s1-u1' })),
      'HELD_WITHDRAWAL_NOT_FOUND',
    );
    v.must({ type: 'CompleteWithdrawal', transactionId: 'w-s1-u1', transactionHash: 'h', processedAmount: null });
    assert.equal(v.state.ledger.withdrawn.get('BTC'), 500_000n);
    sound(v.state);
  });

  it('is refused at confirmation when the balance no longer covers it, and stays held until funded', () => {
    const v = new Venue(CURRENT_RULES);
    v.must(transfer('s2', 't1', 'main_to_sub', 600_000n));
    v.must(withdraw('s2', 'u1', 'BTC', 500_000n));
    v.must(transfer('s2', 't2', 'sub_to_main', 100_000n));
    const short = v.run({ type: 'ConfirmHeldWithdrawal', parent: 'p1', transactionId: 'w-s2-u1' });
    assert.deepEqual(short.result, {
      ok: false,
      rejection: {
        reason: 'WITHDRAWAL_INSUFFICIENT_FUNDS',
        params: { name: 'Bitcoin', balance: '0.005', required: '0.0052', fee: '0.0002' },
      },
    });
    assert.ok(v.state.heldWithdrawals.has('w-s2-u1'));
    // a sub-account that has a withdrawal waiting is not empty
    assert.equal(reason(v.run({ type: 'DeleteSubAccount', parent: 'p1', id: 's2' })), 'SUB_ACCOUNT_NOT_EMPTY');
    v.must(transfer('s2', 't3', 'main_to_sub', 20_000n));
    v.must({ type: 'ConfirmHeldWithdrawal', parent: 'p1', transactionId: 'w-s2-u1' });
    assert.equal(v.main('s2'), 0n);
    sound(v.state);
  });

  it('expires after its retention, on the venue clock: not before, and no confirmation after', () => {
    const v = new Venue(CURRENT_RULES);
    v.must(transfer('s3', 't', 'main_to_sub', 600_000n));
    v.must(withdraw('s3', 'u1', 'BTC', 500_000n));
    const expiresAt = v.state.heldWithdrawals.get('w-s3-u1')!.expiresAt;
    assert.equal(expiresAt, v.time + HELD_WITHDRAWAL_RETENTION);
    assert.equal(reason(v.run({ type: 'ExpireHeldWithdrawal', transactionId: 'w-s3-u1' })), 'HELD_WITHDRAWAL_NOT_DUE');
    // past its retention it can no longer be confirmed, even before the timer comes round
    v.time = expiresAt;
    assert.equal(
      reason(v.run({ type: 'ConfirmHeldWithdrawal', parent: 'p2', transactionId: 'w-s3-u1' }, 0)),
      'HELD_WITHDRAWAL_EXPIRED',
    );
    const expired = v.run({ type: 'ExpireHeldWithdrawal', transactionId: 'w-s3-u1' }, 0);
    assert.deepEqual(
      expired.events.map((e) => e.type),
      ['HeldWithdrawalExpired'],
    );
    assert.equal(v.main('s3'), 600_000n);
    assert.equal(v.state.heldWithdrawals.size, 0);
    assert.equal(reason(v.run({ type: 'ExpireHeldWithdrawal', transactionId: 'w-s3-u1' })), 'HELD_WITHDRAWAL_NOT_DUE');
    assert.equal(reason(v.run(withdraw('s3', 'u1', 'BTC', 500_000n))), 'WITHDRAWAL_UNIQUE_ID_TAKEN');
    sound(v.state);
  });

  it('under the rules before it, a sub-account withdraws at once, so older journals replay as they were', () => {
    const older = new Venue(RULES.autoDeleveraging);
    older.must(transfer('s1', 't', 'main_to_sub', 600_000n));
    const r = older.run(withdraw('s1', 'u1', 'BTC', 500_000n));
    assert.deepEqual(r.result, {
      ok: true,
      value: { transactionId: 'w-s1-u1', network: 'BTC', fee: BTC_FEE, debit: 520_000n, held: false },
    });
    assert.equal(older.main('s1'), 80_000n);
    assert.ok(!encodeState(older.state).includes('heldWithdrawals'));
    // the main account's own withdrawals are never held
    const v = new Venue(CURRENT_RULES);
    assert.equal((v.must(withdraw('p1', 'u1', 'BTC', 500_000n)) as { held: boolean }).held, false);
    assert.equal(v.state.heldWithdrawals.size, 0);
  });
});
