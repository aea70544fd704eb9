import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Command } from '../src/commands/command.js';
import { apply } from '../src/engine.js';
import { conservationBreaches, negativeBalances, pendingWithdrawalBreaches } from '../src/state/invariants.js';
import { feeFor } from '../src/spec/fee.js';
import { decodeState, encodeState } from '../src/codec/snapshot.js';
import { createState } from '../src/state/state.js';
import { ASSETS, credit, testVenue, withdraw } from './support/assets.js';

const erc20Fee = ASSETS[1]!.networks[0]!.withdrawFee;

function books(state: ReturnType<typeof testVenue>['state']): void {
  assert.deepEqual(conservationBreaches(state), []);
  assert.deepEqual(negativeBalances(state), []);
  assert.deepEqual(pendingWithdrawalBreaches(state), []);
}

describe('engine: withdrawal fees', () => {
  it('fixed + flex percent held within its min and max, rounded up', () => {
    // 1 USDT fixed + 1% within [1, 50] USDT.
    assert.equal(feeFor(erc20Fee, 1n), 2_000_000n); // flex below min → min
    assert.equal(feeFor(erc20Fee, 100_000_000n), 2_000_000n); // 1% of 100 = 1 = min exactly
    assert.equal(feeFor(erc20Fee, 100_000_001n), 2_000_001n); // just above: ⌈1.00000001⌉ in micro units
    assert.equal(feeFor(erc20Fee, 5_000_000_000n), 51_000_000n); // 1% of 5000 = 50 = max exactly
    assert.equal(feeFor(erc20Fee, 5_000_000_001n), 51_000_000n); // above: capped
    assert.equal(feeFor(erc20Fee, 1_000_000_000_000n), 51_000_000n);
    assert.equal(feeFor({ fixed: null, flex: null }, 123n), 0n);
  });

  it('never decreases as the amount grows', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 0n, max: 10n ** 15n }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return feeFor(erc20Fee, lo) <= feeFor(erc20Fee, hi);
      }),
    );
  });
});

describe('engine: withdrawals', () => {
  it('withdraw-pay debits amount + fee into pendingWithdrawals; completion moves it to withdrawn and fees', () => {
    const { state, run } = testVenue();
    run({ type: 'CreateUser', name: 'a', eea: false });
    run(credit('a', 'BTC', 100_000_000n));
    const r = run(withdraw('a', 'u1', 'BTC', 50_000_000n));
    assert.deepEqual(r.result, {
      ok: true,
      value: { transactionId: 'w-a-u1', network: 'BTC', fee: 20_000n, debit: 50_020_000n, held: false },
    });
    assert.equal(state.users.get('a')?.main.get('BTC'), 49_980_000n);
    assert.equal(state.ledger.pendingWithdrawals.get('BTC'), 50_020_000n);
    books(state);
    assert.ok(
      run({ type: 'CompleteWithdrawal', transactionId: 'w-a-u1', transactionHash: 'h', processedAmount: null }).result
        .ok,
    );
    assert.equal(state.ledger.pendingWithdrawals.get('BTC'), 0n);
    assert.equal(state.ledger.withdrawn.get('BTC'), 50_000_000n);
    assert.equal(state.ledger.fees.get('BTC'), 20_000n);
    assert.equal(state.withdrawals.size, 0);
    books(state);
  });

  it('withdraw (inclusive) takes the fee out of the amount and refuses an amount not above the fee', () => {
    const { state, run } = testVenue();
    run({ type: 'CreateUser', name: 'a', eea: false });
    run(credit('a', 'USDT', 1_000_000_000n));
    const low = run(withdraw('a', 'u1', 'USDT', 2_000_000n, { feeMode: 'inclusive' }));
    assert.deepEqual(low.result, {
      ok: false,
      rejection: { reason: 'WITHDRAWAL_NOT_ABOVE_FEE', params: { fee: '2' } },
    });
    // a request no balance could make good is refused for that, before the balance is looked at
    run({ type: 'CreateUser', name: 'b', eea: false });
    const empty = run(withdraw('b', 'u1', 'USDT', 2_000_000n, { feeMode: 'inclusive' })).result;
    assert.equal(empty.ok ? 'accepted' : empty.rejection.reason, 'WITHDRAWAL_NOT_ABOVE_FEE');
    assert.ok(run(withdraw('a', 'u1', 'USDT', 2_000_001n, { feeMode: 'inclusive' })).result.ok);
    assert.equal(state.users.get('a')?.main.get('USDT'), 997_999_999n);
    run({ type: 'CompleteWithdrawal', transactionId: 'w-a-u1', transactionHash: null, processedAmount: null });
    assert.equal(state.ledger.withdrawn.get('USDT'), 1n);
    assert.equal(state.ledger.fees.get('USDT'), 2_000_000n);
    books(state);
  });

  it('cancel refunds amount and fee exactly', () => {
    const { state, run } = testVenue();
    run({ type: 'CreateUser', name: 'a', eea: false });
    run(credit('a', 'USDT', 10_000_000_000n));
    run(withdraw('a', 'u1', 'USDT', 6_000_000_000n));
    assert.equal(state.users.get('a')?.main.get('USDT'), 10_000_000_000n - 6_000_000_000n - 51_000_000n);
    const c = run({ type: 'CancelWithdrawal', transactionId: 'w-a-u1', reason: 'test' });
    assert.deepEqual(c.result, { ok: true, value: { transactionId: 'w-a-u1', refund: 6_051_000_000n } });
    assert.equal(state.users.get('a')?.main.get('USDT'), 10_000_000_000n);
    assert.equal(state.ledger.pendingWithdrawals.get('USDT'), 0n);
    assert.equal(run({ type: 'CancelWithdrawal', transactionId: 'w-a-u1', reason: null }).result.ok, false);
    books(state);
  });

  it('a uniqueId is used once per user, even after the first withdrawal finished; other users may reuse it', () => {
    const { state, run } = testVenue();
    for (const u of ['a', 'b']) {
      run({ type: 'CreateUser', name: u, eea: false });
      run(credit(u, 'BTC', 100_000_000n));
    }
    assert.ok(run(withdraw('a', 'same', 'BTC', 1_000_000n)).result.ok);
    run({ type: 'CancelWithdrawal', transactionId: 'w-a-same', reason: null });
    const before = encodeState(state);
    const dup = run({ ...withdraw('a', 'same', 'BTC', 1_000_000n), transactionId: 'other' } as Command);
    assert.deepEqual(dup.result, {
      ok: false,
      rejection: { reason: 'WITHDRAWAL_UNIQUE_ID_TAKEN', params: { uniqueId: 'same' } },
    });
    assert.equal(encodeState(state), before);
    assert.ok(run(withdraw('b', 'same', 'BTC', 1_000_000n)).result.ok);
  });

  it('refusals leave the state untouched: limits, balance, flags, networks', () => {
    const { state, run } = testVenue();
    run({ type: 'CreateUser', name: 'a', eea: false });
    run(credit('a', 'BTC', 100_000_000n));
    run(credit('a', 'USD', 1_000_000n));
    const before = encodeState(state);
    const cases: [Command, string][] = [
      [withdraw('a', 'x', 'BTC', 99_999n), 'WITHDRAWAL_BELOW_MIN'],
      [withdraw('a', 'x', 'BTC', 10_000_000_001n), 'WITHDRAWAL_ABOVE_MAX'],
      [withdraw('a', 'x', 'BTC', 99_990_000n), 'WITHDRAWAL_INSUFFICIENT_FUNDS'],
      [withdraw('a', 'x', 'LUNC', 1n), 'ASSET_NOT_DEPOSITABLE'],
      [withdraw('a', 'x', 'BTC', 1_000_000n, { network: 'ERC20' }), 'UNKNOWN_NETWORK'],
      [withdraw('a', 'x', 'USD', 100_001n, { network: 'VISAMASTER' }), 'WITHDRAWAL_ABOVE_MAX'],
      [withdraw('a', 'x', 'NOPE', 1n), 'UNKNOWN_ASSET'],
      [withdraw('nobody', 'x', 'BTC', 1n), 'UNKNOWN_USER'],
      [withdraw('a', 'x', 'BTC', 0n), 'AMOUNT_NOT_POSITIVE'],
    ];
    for (const [cmd, reason] of cases) {
      const { result, events } = run(cmd);
      assert.equal(
        result.ok ? 'ok' : result.rejection.reason,
        reason,
        JSON.stringify(cmd, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
      );
      assert.deepEqual(events, []);
      assert.equal(encodeState(state), before);
    }
    // The exact balance is exactly enough.
    assert.ok(run(withdraw('a', 'x', 'BTC', 99_980_000n)).result.ok);
    assert.equal(state.users.get('a')?.main.get('BTC'), 0n);
  });

  it('partialEnable raises the maximum to the provider partial limit; a partial payout refunds the rest', () => {
    const { state, run } = testVenue();
    run({ type: 'CreateUser', name: 'a', eea: false });
    run(credit('a', 'USD', 1_000_000n));
    const w = withdraw('a', 'p', 'USD', 400_000n, { network: 'VISAMASTER', partialEnable: true });
    assert.ok(run(w).result.ok);
    const half = run({
      type: 'CompleteWithdrawal',
      transactionId: 'w-a-p',
      transactionHash: null,
      processedAmount: 100_000n,
    });
    assert.deepEqual(half.result, { ok: true, value: { transactionId: 'w-a-p', partial: true } });
    assert.equal(state.users.get('a')?.main.get('USD'), 900_000n);
    assert.equal(state.ledger.withdrawn.get('USD'), 100_000n);
    books(state);
    // Without partialEnable, a partial payout is refused.
    run(withdraw('a', 'q', 'USD', 1_000n, { network: 'VISAMASTER' }));
    const refused = run({
      type: 'CompleteWithdrawal',
      transactionId: 'w-a-q',
      transactionHash: null,
      processedAmount: 500n,
    });
    assert.equal(refused.result.ok ? 'ok' : refused.result.rejection.reason, 'WITHDRAWAL_PARTIAL_NOT_ENABLED');
  });

  it('deposit with a network: limits, fee kept by the venue, unknown network refused', () => {
    const { state, run } = testVenue();
    run({ type: 'CreateUser', name: 'a', eea: false });
    const dep = (amount: bigint, network: string, txid: string): Command => ({
      ...(credit('a', 'BTC', amount) as Extract<Command, { type: 'CreditDeposit' }>),
      transactionId: txid,
      network,
      txid,
    });
    assert.equal(run(dep(9_999n, 'BTC', 't0')).result.ok, false);
    assert.equal(run(dep(100_000n, 'ERC20', 't1')).result.ok, false);
    assert.ok(run(dep(100_000n, 'BTC', 't2')).result.ok);
    assert.equal(state.users.get('a')?.main.get('BTC'), 99_000n);
    assert.equal(state.ledger.fees.get('BTC'), 1_000n);
    books(state);
  });
});

describe('engine: deposit addresses', () => {
  const assign = (user: string, index: number, fresh: boolean, address = `addr-${index}`): Command => ({
    type: 'AssignDepositAddress',
    user,
    ticker: 'USDT',
    network: 'ERC20',
    fresh,
    limit: 3,
    address: { counter: 'evm', index, type: null, address, memo: null },
  });

  it('allocates indexes in journal order, one persistent address, fresh ones up to the limit', () => {
    const { state, run } = testVenue();
    run({ type: 'CreateUser', name: 'a', eea: false });
    run({ type: 'CreateUser', name: 'b', eea: false });
    assert.ok(run(assign('a', 0, false)).result.ok);
    assert.equal(run(assign('a', 1, false)).result.ok, false); // already has its persistent address
    assert.equal(run(assign('b', 0, false)).result.ok, false); // index already used
    assert.ok(run(assign('b', 1, false)).result.ok);
    assert.equal(run(assign('a', 2, true, 'addr-1')).result.ok, false); // address taken
    assert.ok(run(assign('a', 2, true)).result.ok);
    assert.ok(run(assign('a', 3, true)).result.ok);
    const limit = run(assign('a', 4, true));
    assert.equal(limit.result.ok ? 'ok' : limit.result.rejection.reason, 'DEPOSIT_ADDRESS_LIMIT');
    assert.deepEqual(
      state.depositAddresses.get('a\u0000USDT\u0000ERC20')?.map((x) => x.index),
      [0, 2, 3],
    );
    // A withdrawal to one's own deposit address is refused.
    run(credit('a', 'USDT', 100_000_000n));
    const own = run(withdraw('a', 'o', 'USDT', 10_000_000n, { address: 'addr-2' }));
    assert.equal(own.result.ok ? 'ok' : own.result.rejection.reason, 'WITHDRAWAL_TO_OWN_ADDRESS');
  });
});

describe('engine: wallet properties', () => {
  type Op =
    | { kind: 'deposit'; user: number; amount: bigint }
    | { kind: 'withdraw'; user: number; amount: bigint; pay: boolean; partial: boolean; id: number }
    | { kind: 'complete'; pick: number; part: bigint }
    | { kind: 'cancel'; pick: number }
    | { kind: 'code'; user: number; amount: bigint }
    | { kind: 'apply'; user: number; pick: number };

  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constant('deposit' as const),
      user: fc.nat(2),
      amount: fc.bigInt({ min: 1n, max: 10n ** 10n }),
    }),
    fc.record({
      kind: fc.constant('withdraw' as const),
      user: fc.nat(2),
      amount: fc.bigInt({ min: 1n, max: 10n ** 10n }),
      pay: fc.boolean(),
      partial: fc.boolean(),
      id: fc.nat(20),
    }),
    fc.record({ kind: fc.constant('complete' as const), pick: fc.nat(10), part: fc.bigInt({ min: 0n, max: 100n }) }),
    fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(10) }),
    fc.record({ kind: fc.constant('code' as const), user: fc.nat(2), amount: fc.bigInt({ min: 1n, max: 10n ** 9n }) }),
    fc.record({ kind: fc.constant('apply' as const), user: fc.nat(2), pick: fc.nat(10) }),
  );

  it('conservation, no negative balance and exact pending totals after any sequence; replay reproduces the state', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const v = testVenue();
        for (const u of [0, 1, 2]) v.run({ type: 'CreateUser', name: `u${u}`, eea: false });
        let n = 0;
        for (const o of ops) {
          n++;
          const ticker = n % 2 === 0 ? 'USDT' : 'USD';
          switch (o.kind) {
            case 'deposit':
              v.run({
                ...(credit(`u${o.user}`, ticker, o.amount) as Extract<Command, { type: 'CreditDeposit' }>),
                transactionId: `d${n}`,
              });
              break;
            case 'withdraw':
              v.run(
                withdraw(`u${o.user}`, `id${o.id}`, ticker, o.amount, {
                  transactionId: `w${n}`,
                  feeMode: o.pay ? 'pay' : 'inclusive',
                  partialEnable: o.partial,
                  network: ticker === 'USD' ? 'VISAMASTER' : null,
                }),
              );
              break;
            case 'complete': {
              const pending = [...v.state.withdrawals.values()];
              const w = pending[o.pick % Math.max(1, pending.length)];
              if (w === undefined) break;
              const processed = o.part === 100n ? null : (w.amount * o.part) / 100n;
              v.run({
                type: 'CompleteWithdrawal',
                transactionId: w.transactionId,
                transactionHash: null,
                processedAmount: processed,
              });
              break;
            }
            case 'cancel': {
              const pending = [...v.state.withdrawals.values()];
              const w = pending[o.pick % Math.max(1, pending.length)];
              if (w !== undefined) v.run({ type: 'CancelWithdrawal', transactionId: w.transactionId, reason: null });
              break;
            }
            case 'code':
              v.run({
                type: 'CreateCode',
                user: `u${o.user}`,
                code: `WB${n}`,
                externalId: `e${n}`,
                ticker: 'USDT',
                amount: o.amount,
                passphraseDigest: null,
                description: null,
              });
              break;
            case 'apply': {
              const codes = [...v.state.codes.byCode.keys()];
              const code = codes[o.pick % Math.max(1, codes.length)] ?? 'WB';
              v.run({ type: 'ApplyCode', user: `u${o.user}`, code, passphraseDigest: null });
              break;
            }
          }
          books(v.state);
        }
        const replayed = createState();
        for (const { cmd, stamp } of v.journal) assert.ok(apply(replayed, cmd, stamp).result.ok);
        const text = encodeState(v.state);
        assert.equal(encodeState(replayed), text);
        assert.equal(encodeState(decodeState(text)), text);
      }),
      { numRuns: 150 },
    );
  });
});
