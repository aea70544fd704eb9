import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Command } from '../src/commands/command.js';
import { decodeState, encodeState } from '../src/codec/snapshot.js';
import { apply } from '../src/engine.js';
import { codesHeld } from '../src/state/codes.js';
import { conservationBreaches, negativeBalances, pendingWithdrawalBreaches } from '../src/state/invariants.js';
import { createState } from '../src/state/state.js';
import { credit, testVenue, withdraw, type TestVenue } from './support/assets.js';

function create(user: string, code: string, ticker: string, amount: bigint, digest: string | null = null): Command {
  return {
    type: 'CreateCode',
    user,
    code,
    externalId: `ext-${code}`,
    ticker,
    amount,
    passphraseDigest: digest,
    description: null,
  };
}

function applyOf(user: string, code: string, digest: string | null = null): Command {
  return { type: 'ApplyCode', user, code, passphraseDigest: digest };
}

function refusal(v: TestVenue, cmd: Command): string {
  const before = encodeState(v.state);
  const { result, events } = v.run(cmd);
  assert.equal(result.ok, false, `${cmd.type} was accepted`);
  // a refusal moves nothing and records nothing
  assert.equal(encodeState(v.state), before);
  assert.deepEqual(events, []);
  return result.ok ? '' : result.rejection.reason;
}

function venue(): TestVenue {
  const v = testVenue();
  for (const u of ['a', 'b', 'c']) v.run({ type: 'CreateUser', name: u, eea: false });
  v.run(credit('a', 'USDT', 100_000_000n));
  return v;
}

function main(v: TestVenue, user: string, ticker: string): bigint {
  return v.state.users.get(user)?.main.get(ticker) ?? 0n;
}

describe('engine: codes', () => {
  it('a code holds its amount from creation; the applier receives it once', () => {
    const v = venue();
    const created = v.run(create('a', 'WB1USDT', 'USDT', 30_000_000n));
    assert.ok(created.result.ok);
    assert.equal(main(v, 'a', 'USDT'), 70_000_000n);
    assert.deepEqual(codesHeld(v.state.codes), new Map([['USDT', 30_000_000n]]));
    assert.deepEqual(conservationBreaches(v.state), []);
    assert.deepEqual(
      created.events.map((e) => e.type),
      ['CodeCreated'],
    );

    const applied = v.run(applyOf('b', 'WB1USDT'));
    assert.deepEqual(applied.result, {
      ok: true,
      value: { code: 'WB1USDT', externalId: 'ext-WB1USDT', ticker: 'USDT', amount: 30_000_000n },
    });
    assert.equal(main(v, 'b', 'USDT'), 30_000_000n);
    assert.deepEqual(codesHeld(v.state.codes), new Map());
    assert.deepEqual(conservationBreaches(v.state), []);
    assert.deepEqual(v.state.codes.history.get('a'), [{ code: 'WB1USDT', applied: false }]);
    assert.deepEqual(v.state.codes.history.get('b'), [{ code: 'WB1USDT', applied: true }]);

    assert.equal(refusal(v, applyOf('c', 'WB1USDT')), 'CODE_ALREADY_APPLIED');
    assert.equal(refusal(v, applyOf('b', 'WB1USDT')), 'CODE_ALREADY_APPLIED');
  });

  it("refuses one's own code, an unknown code and a wrong passphrase without moving anything", () => {
    const v = venue();
    assert.ok(v.run(create('a', 'WB2USDT', 'USDT', 1_000_000n, 'digest-1')).result.ok);
    assert.equal(refusal(v, applyOf('a', 'WB2USDT', 'digest-1')), 'CODE_OWN');
    assert.equal(refusal(v, applyOf('b', 'WB2USDT')), 'CODE_NOT_FOUND');
    assert.equal(refusal(v, applyOf('b', 'WB2USDT', 'digest-2')), 'CODE_NOT_FOUND');
    assert.equal(refusal(v, applyOf('b', 'WBnope')), 'CODE_NOT_FOUND');
    // the owner with a wrong passphrase learns nothing more than anyone else
    assert.equal(refusal(v, applyOf('a', 'WB2USDT', 'digest-2')), 'CODE_NOT_FOUND');
    assert.ok(v.run(applyOf('b', 'WB2USDT', 'digest-1')).result.ok);
    // a code without a passphrase is not applied with one
    assert.ok(v.run(create('a', 'WB3USDT', 'USDT', 1_000_000n)).result.ok);
    assert.equal(refusal(v, applyOf('b', 'WB3USDT', 'digest-1')), 'CODE_NOT_FOUND');
  });

  it('refuses a creation beyond the main balance, of fiat, of an asset not withdrawable, or twice the same text', () => {
    const v = venue();
    v.run(credit('a', 'USD', 10_000n));
    v.run(credit('a', 'BTC', 100_000n));
    assert.equal(refusal(v, create('a', 'WB4', 'USDT', 100_000_001n)), 'CODE_INSUFFICIENT_FUNDS');
    assert.equal(refusal(v, create('b', 'WB4', 'USDT', 1n)), 'CODE_INSUFFICIENT_FUNDS');
    assert.equal(refusal(v, create('a', 'WB4', 'USD', 100n)), 'CODE_FIAT');
    assert.equal(refusal(v, create('a', 'WB4', 'LUNC', 1n)), 'ASSET_NOT_WITHDRAWABLE');
    assert.equal(refusal(v, create('a', 'WB4', 'USDT', 0n)), 'AMOUNT_NOT_POSITIVE');
    assert.equal(refusal(v, create('a', 'WB4', 'NOPE', 1n)), 'UNKNOWN_ASSET');
    assert.equal(refusal(v, create('nobody', 'WB4', 'USDT', 1n)), 'UNKNOWN_USER');
    assert.ok(v.run(create('a', 'WB4', 'USDT', 100_000_000n)).result.ok);
    assert.equal(main(v, 'a', 'USDT'), 0n);
    assert.equal(refusal(v, create('a', 'WB4', 'BTC', 1n)), 'CODE_EXISTS');
    // the amount a code holds is gone from the balance: nothing left to create or withdraw
    assert.equal(refusal(v, create('a', 'WB5', 'USDT', 1n)), 'CODE_INSUFFICIENT_FUNDS');
    assert.equal(refusal(v, applyOf('b', 'WB5')), 'CODE_NOT_FOUND');
  });

  it('a state without codes encodes as before codes existed; one with codes survives a snapshot', () => {
    const v = venue();
    assert.equal('codes' in JSON.parse(encodeState(v.state)), false);
    v.run(create('a', 'WB6', 'USDT', 5n, 'd'));
    v.run(applyOf('b', 'WB6', 'd'));
    v.run(create('a', 'WB7', 'USDT', 7n));
    const text = encodeState(v.state);
    const decoded = decodeState(text);
    assert.equal(encodeState(decoded), text);
    assert.equal(decoded.codes.byCode.get('WB6')?.applied?.user, 'b');
  });
});

describe('engine: codes properties', () => {
  type Op =
    | { kind: 'deposit'; user: number; amount: bigint }
    | { kind: 'create'; user: number; amount: bigint; ticker: number; phrase: number }
    | { kind: 'apply'; user: number; pick: number; phrase: number }
    | { kind: 'withdraw'; user: number; amount: bigint }
    | { kind: 'transfer'; user: number; amount: bigint; back: boolean };

  const user = fc.nat(2);
  const amount = fc.bigInt({ min: 0n, max: 10n ** 9n });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('deposit' as const), user, amount }),
    fc.record({
      kind: fc.constant('create' as const),
      user,
      amount: fc.bigInt({ min: 0n, max: 10n ** 8n }),
      ticker: fc.nat(7),
      phrase: fc.nat(2),
    }),
    fc.record({ kind: fc.constant('apply' as const), user, pick: fc.nat(30), phrase: fc.nat(2) }),
    fc.record({ kind: fc.constant('withdraw' as const), user, amount }),
    fc.record({ kind: fc.constant('transfer' as const), user, amount, back: fc.boolean() }),
  );
  /** Mostly USDT, which the users hold; the others are refused (no balance, fiat, not withdrawable). */
  const TICKERS = ['USDT', 'USDT', 'USDT', 'USDT', 'USDT', 'BTC', 'USD', 'LUNC'];

  it('conservation across creations, applications, transfers and withdrawals; refusals change nothing; replay and snapshots agree', () => {
    const seen = { created: 0, applied: 0 };
    fc.assert(
      fc.property(fc.array(op, { minLength: 20, maxLength: 80, size: 'max' }), (ops) => {
        const v = testVenue();
        for (const u of [0, 1, 2]) v.run({ type: 'CreateUser', name: `u${u}`, eea: false });
        const made: string[] = [];
        let n = 0;
        for (const o of ops) {
          n++;
          const name = `u${o.user}`;
          const phrase = (p: number): string | null => (p === 0 ? null : `digest-${p}`);
          let cmd: Command;
          switch (o.kind) {
            case 'deposit':
              cmd = { ...(credit(name, 'USDT', o.amount + 1n) as Extract<Command, { type: 'CreditDeposit' }>) };
              cmd = { ...cmd, transactionId: `d${n}` };
              break;
            case 'create':
              cmd = create(name, `WB${n}`, TICKERS[o.ticker] ?? 'USDT', o.amount, phrase(o.phrase));
              break;
            case 'apply':
              cmd = applyOf(name, made[o.pick % Math.max(1, made.length)] ?? 'WBnone', phrase(o.phrase));
              break;
            case 'withdraw':
              cmd = withdraw(name, `w${n}`, 'USDT', o.amount, { transactionId: `w${n}`, network: 'TRC20' });
              break;
            case 'transfer':
              cmd = {
                type: 'Transfer',
                user: name,
                ticker: 'USDT',
                amount: o.amount,
                from: o.back ? 'spot' : 'main',
                to: o.back ? 'main' : 'spot',
              };
              break;
          }
          const before = encodeState(v.state);
          const { result } = v.run(cmd);
          if (!result.ok) assert.equal(encodeState(v.state), before, `${cmd.type} refused yet changed the state`);
          else if (cmd.type === 'CreateCode') {
            made.push(cmd.code);
            seen.created++;
          } else if (cmd.type === 'ApplyCode') seen.applied++;
          assert.deepEqual(conservationBreaches(v.state), []);
          assert.deepEqual(negativeBalances(v.state), []);
          assert.deepEqual(pendingWithdrawalBreaches(v.state), []);
        }
        // no code was applied twice: what appliers received is exactly what applied codes held
        const applied = [...v.state.codes.byCode.values()].filter((c) => c.applied !== null);
        assert.equal(new Set(applied.map((c) => c.code)).size, applied.length);
        for (const c of applied) assert.notEqual(c.applied?.user, c.creator);

        const replayed = createState();
        for (const { cmd, stamp } of v.journal) assert.ok(apply(replayed, cmd, stamp).result.ok);
        const text = encodeState(v.state);
        assert.equal(encodeState(replayed), text);
        assert.equal(encodeState(decodeState(text)), text);
      }),
      { numRuns: 200, seed: 37 },
    );
    assert.ok(seen.created > 200 && seen.applied > 50, JSON.stringify(seen));
  });
});
