import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { apply, type Stamp } from '../src/engine.js';
import type { Command } from '../src/commands/command.js';
import { conservationBreaches, negativeBalances } from '../src/state/invariants.js';
import { decodeState, encodeState } from '../src/codec/snapshot.js';
import { createState, type State } from '../src/state/state.js';
import { asset, network } from './support/assets.js';

const BTC = asset('BTC', 8, [network('NET')]);
const USDT = asset('USDT', 6, [network('NET')]);
const LUNC = asset('LUNC', 6, [network('NET')], { canDeposit: false, canWithdraw: false });

interface Venue {
  readonly state: State;
  /** Every accepted command with its stamp, as the journal would hold it. */
  readonly journal: { cmd: Command; stamp: Stamp }[];
  readonly run: (cmd: Command) => ReturnType<typeof apply>;
}

function venue(): Venue {
  const state = createState();
  const journal: { cmd: Command; stamp: Stamp }[] = [];
  let time = 1_700_000_000_000_000;
  const run = (cmd: Command): ReturnType<typeof apply> => {
    const stamp: Stamp = { seq: state.seq + 1, time: (time += 1000) };
    const outcome = apply(state, cmd, stamp);
    if (outcome.result.ok) journal.push({ cmd, stamp });
    return outcome;
  };
  for (const asset of [BTC, USDT, LUNC]) assert.ok(run({ type: 'DefineAsset', asset }).result.ok);
  return { state, journal, run };
}

const deposit = (user: string, ticker: string, amount: bigint, txid: string | null = null): Command => ({
  type: 'CreditDeposit',
  transactionId: `tx-${user}-${ticker}-${String(amount)}-${txid ?? 'none'}`,
  user,
  ticker,
  amount,
  network: txid === null ? null : 'NET',
  txid,
  address: null,
  memo: null,
});

describe('engine: users, deposits, transfers', () => {
  it('creates users once', () => {
    const { state, run } = venue();
    assert.deepEqual(run({ type: 'CreateUser', name: 'a', eea: true }).result, {
      ok: true,
      value: { name: 'a', eea: true },
    });
    const again = run({ type: 'CreateUser', name: 'a', eea: false });
    assert.deepEqual(again.result, { ok: false, rejection: { reason: 'USER_EXISTS', params: { user: 'a' } } });
    assert.equal(state.users.get('a')?.eea, true);
  });

  it('a refused command leaves the state exactly as it was and does not advance seq', () => {
    const { state, run } = venue();
    run({ type: 'CreateUser', name: 'a', eea: false });
    const before = encodeState(state);
    for (const cmd of [
      deposit('nobody', 'BTC', 1n),
      deposit('a', 'NOPE', 1n),
      deposit('a', 'LUNC', 1n),
      deposit('a', 'BTC', 0n),
      { type: 'Transfer', user: 'a', ticker: 'BTC', amount: 1n, from: 'main', to: 'spot' } as const,
      { type: 'Transfer', user: 'a', ticker: 'BTC', amount: 1n, from: 'main', to: 'main' } as const,
    ] satisfies Command[]) {
      const { result, events } = run(cmd);
      assert.equal(result.ok, false);
      assert.deepEqual(events, []);
      assert.equal(encodeState(state), before);
    }
  });

  it('deposits are idempotent on (network, txid) and conflicting details are refused', () => {
    const { state, run } = venue();
    run({ type: 'CreateUser', name: 'a', eea: false });
    const first = run(deposit('a', 'BTC', 5n, 'abc'));
    assert.deepEqual(first.result, { ok: true, value: { transactionId: 'tx-a-BTC-5-abc', duplicate: false } });
    const again = run({
      ...(deposit('a', 'BTC', 5n, 'abc') as Extract<Command, { type: 'CreditDeposit' }>),
      transactionId: 'other',
    });
    assert.deepEqual(again.result, { ok: true, value: { transactionId: 'tx-a-BTC-5-abc', duplicate: true } });
    assert.deepEqual(again.events, []);
    assert.equal(run(deposit('a', 'BTC', 6n, 'abc')).result.ok, false);
    assert.equal(state.users.get('a')?.main.get('BTC'), 5n);
  });

  it('transfers between any two accounts, and refuses more than is available with both figures', () => {
    const { state, run } = venue();
    run({ type: 'CreateUser', name: 'a', eea: false });
    run(deposit('a', 'USDT', 10_000_000n));
    assert.ok(
      run({ type: 'Transfer', user: 'a', ticker: 'USDT', amount: 4_000_000n, from: 'main', to: 'spot' }).result.ok,
    );
    assert.ok(
      run({ type: 'Transfer', user: 'a', ticker: 'USDT', amount: 1_000_000n, from: 'spot', to: 'collateral' }).result
        .ok,
    );
    const user = state.users.get('a')!;
    assert.equal(user.main.get('USDT'), 6_000_000n);
    assert.deepEqual(user.spot.get('USDT'), { available: 3_000_000n, freeze: 0n });
    assert.equal(user.collateral.get('USDT'), 1_000_000n);
    const tooMuch = run({ type: 'Transfer', user: 'a', ticker: 'USDT', amount: 7_000_000n, from: 'main', to: 'spot' });
    assert.deepEqual(tooMuch.result, {
      ok: false,
      rejection: { reason: 'TRANSFER_INSUFFICIENT_FUNDS', params: { available: '6', amount: '7' } },
    });
  });
});

describe('engine properties', () => {
  const users = ['a', 'b', 'c'];
  const accounts = ['main', 'spot', 'collateral'] as const;
  const command = fc.oneof(
    fc
      .record({
        user: fc.constantFrom(...users, 'z'),
        ticker: fc.constantFrom('BTC', 'USDT', 'LUNC'),
        amount: fc.bigInt({ min: -5n, max: 10n ** 12n }),
        txid: fc.option(fc.constantFrom('t1', 't2', 't3')),
      })
      .map((d) => deposit(d.user, d.ticker, d.amount, d.txid)),
    fc
      .record({
        user: fc.constantFrom(...users),
        ticker: fc.constantFrom('BTC', 'USDT'),
        amount: fc.bigInt({ min: -5n, max: 10n ** 12n }),
        from: fc.constantFrom(...accounts),
        to: fc.constantFrom(...accounts),
      })
      .map((t): Command => ({ type: 'Transfer', ...t })),
  );

  it('conservation holds and no balance goes negative, whatever the stream', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 80 }), (cmds) => {
        const { state, run } = venue();
        for (const u of users) run({ type: 'CreateUser', name: u, eea: false });
        for (const cmd of cmds) run(cmd);
        assert.deepEqual(conservationBreaches(state), []);
        assert.deepEqual(negativeBalances(state), []);
      }),
    );
  });

  it('replaying the accepted commands reproduces the state, and snapshots round-trip', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), (cmds) => {
        const { state, journal, run } = venue();
        for (const u of users) run({ type: 'CreateUser', name: u, eea: false });
        for (const cmd of cmds) run(cmd);
        const replica = createState();
        for (const { cmd, stamp } of journal) assert.ok(apply(replica, cmd, stamp).result.ok);
        assert.equal(encodeState(replica), encodeState(state));
        assert.equal(encodeState(decodeState(encodeState(state))), encodeState(state));
      }),
    );
  });
});
