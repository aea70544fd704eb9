import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  apply,
  conservationBreaches,
  createState,
  CURRENT_RULES,
  RULES,
  decodeState,
  encodeState,
  negativeBalances,
  type Command,
} from '../src/index.js';
import { credit, testVenue } from './support/assets.js';

const PARENTS = ['p1', 'p2'] as const;
const SUBS = ['s1', 's2', 's3'] as const;
const TICKER = 'USDT';

type Step =
  | { kind: 'create'; parent: number; sub: number; alias: number; spot: boolean }
  | { kind: 'transfer'; parent: number; sub: number; toSub: boolean; amount: bigint }
  | { kind: 'fund'; sub: number; amount: bigint; back: boolean }
  | { kind: 'edit'; parent: number; sub: number; alias: number; spot: boolean }
  | { kind: 'block'; parent: number; sub: number; blocked: boolean }
  | { kind: 'delete'; parent: number; sub: number };

const ids = { parent: fc.nat(PARENTS.length - 1), sub: fc.nat(SUBS.length - 1) };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), ...ids, alias: fc.nat(2), spot: fc.boolean() }),
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      ...ids,
      toSub: fc.boolean(),
      amount: fc.bigInt({ min: -5n, max: 3_000_000n }),
    }),
  },
  fc.record({
    kind: fc.constant('fund' as const),
    sub: ids.sub,
    amount: fc.bigInt({ min: 1n, max: 2_000_000n }),
    back: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('edit' as const), ...ids, alias: fc.nat(2), spot: fc.boolean() }),
  fc.record({ kind: fc.constant('block' as const), ...ids, blocked: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), ...ids }),
);

function commandOf(s: Step, n: number): Command {
  const parent = PARENTS[s.kind === 'fund' ? 0 : s.parent] ?? 'p1';
  const id = SUBS[s.sub] ?? 's1';
  switch (s.kind) {
    case 'create':
      return {
        type: 'CreateSubAccount',
        parent,
        id,
        alias: `a${s.alias}`,
        email: `${id}@example.com`,
        shareKyc: false,
        spotEnabled: s.spot,
        collateralEnabled: false,
      };
    case 'transfer':
      return {
        type: 'TransferSubAccount',
        parent,
        id,
        transactionId: `t${n}`,
        direction: s.toSub ? 'main_to_sub' : 'sub_to_main',
        ticker: TICKER,
        amount: s.amount,
      };
    case 'fund':
      return s.back
        ? { type: 'Transfer', user: id, ticker: TICKER, amount: s.amount, from: 'spot', to: 'main' }
        : { type: 'Transfer', user: id, ticker: TICKER, amount: s.amount, from: 'main', to: 'spot' };
    case 'edit':
      return {
        type: 'EditSubAccount',
        parent,
        id,
        alias: `a${s.alias}`,
        spotEnabled: s.spot,
        collateralEnabled: false,
      };
    case 'block':
      return { type: 'SetSubAccountBlocked', parent, id, blocked: s.blocked };
    case 'delete':
      return { type: 'DeleteSubAccount', parent, id };
  }
}

/** What the reference model expects of one step, given the sub-accounts and balances so far. */
interface Model {
  readonly owner: Map<string, string>;
  readonly alias: Map<string, string>;
  readonly spot: Map<string, boolean>;
  readonly deleted: Set<string>;
  readonly main: Map<string, bigint>;
  readonly inSpot: Map<string, bigint>;
}

function live(m: Model, parent: string, id: string): boolean {
  return m.owner.get(id) === parent && !m.deleted.has(id);
}

function aliasFree(m: Model, parent: string, id: string, alias: string): boolean {
  return ![...m.owner].some(([s, p]) => p === parent && s !== id && !m.deleted.has(s) && m.alias.get(s) === alias);
}

/** Applies the step to the model and answers whether the engine should accept it. */
function expect(m: Model, cmd: Command): boolean {
  const bal = (u: string): bigint => m.main.get(u) ?? 0n;
  switch (cmd.type) {
    case 'CreateSubAccount': {
      if (m.owner.has(cmd.id) || !aliasFree(m, cmd.parent, cmd.id, cmd.alias)) return false;
      m.owner.set(cmd.id, cmd.parent);
      m.alias.set(cmd.id, cmd.alias);
      m.spot.set(cmd.id, cmd.spotEnabled);
      return true;
    }
    case 'TransferSubAccount': {
      if (!live(m, cmd.parent, cmd.id) || cmd.amount <= 0n) return false;
      const [from, to] = cmd.direction === 'main_to_sub' ? [cmd.parent, cmd.id] : [cmd.id, cmd.parent];
      if (bal(from) < cmd.amount) return false;
      m.main.set(from, bal(from) - cmd.amount);
      m.main.set(to, bal(to) + cmd.amount);
      return true;
    }
    case 'Transfer': {
      if (!m.owner.has(cmd.user)) return false;
      const spot = m.inSpot.get(cmd.user) ?? 0n;
      if (cmd.to === 'spot') {
        if (m.spot.get(cmd.user) !== true || bal(cmd.user) < cmd.amount) return false;
        m.main.set(cmd.user, bal(cmd.user) - cmd.amount);
        m.inSpot.set(cmd.user, spot + cmd.amount);
        return true;
      }
      if (spot < cmd.amount) return false;
      m.inSpot.set(cmd.user, spot - cmd.amount);
      m.main.set(cmd.user, bal(cmd.user) + cmd.amount);
      return true;
    }
    case 'EditSubAccount': {
      if (!live(m, cmd.parent, cmd.id) || !aliasFree(m, cmd.parent, cmd.id, cmd.alias)) return false;
      m.alias.set(cmd.id, cmd.alias);
      m.spot.set(cmd.id, cmd.spotEnabled);
      return true;
    }
    case 'SetSubAccountBlocked':
      return live(m, cmd.parent, cmd.id);
    case 'DeleteSubAccount': {
      if (!live(m, cmd.parent, cmd.id) || bal(cmd.id) !== 0n || (m.inSpot.get(cmd.id) ?? 0n) !== 0n) return false;
      m.deleted.add(cmd.id);
      return true;
    }
    default:
      throw new Error(cmd.type);
  }
}

/** p1's sub-account s1, sharing its KYC, funded by transfer only. */
const DESK = {
  type: 'CreateSubAccount',
  parent: 'p1',
  id: 's1',
  alias: 'desk',
  email: null,
  shareKyc: true,
  spotEnabled: false,
  collateralEnabled: false,
} as const;

describe('sub-accounts', () => {
  it('move funds only as the model allows, conserve them, and replay to the same state', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const v = testVenue();
        const model: Model = {
          owner: new Map(),
          alias: new Map(),
          spot: new Map(),
          deleted: new Set(),
          main: new Map(),
          inSpot: new Map(),
        };
        for (const p of PARENTS) {
          assert.ok(v.run({ type: 'CreateUser', name: p, eea: false }).result.ok);
          assert.ok(v.run(credit(p, TICKER, 5_000_000n)).result.ok);
          model.main.set(p, 5_000_000n);
        }
        steps.forEach((s, n) => {
          const cmd = commandOf(s, n);
          const before = encodeState(v.state);
          const accepted = expect(model, cmd);
          const { result } = v.run(cmd);
          assert.equal(result.ok, accepted, `${cmd.type} #${n}`);
          // a refused command leaves no trace, in balances or anywhere else
          if (!result.ok) assert.equal(encodeState(v.state), before);
          assert.deepEqual(conservationBreaches(v.state), []);
          assert.deepEqual(negativeBalances(v.state), []);
        });
        for (const [user, amount] of model.main) assert.equal(v.state.users.get(user)?.main.get(TICKER) ?? 0n, amount);
        const text = encodeState(v.state);
        assert.equal(encodeState(decodeState(text)), text);
        const replayed = createState();
        for (const { cmd, stamp } of v.journal) assert.ok(apply(replayed, cmd, stamp).result.ok);
        assert.equal(encodeState(replayed), text);
      }),
      { numRuns: 150 },
    );
  });

  it('leave the text of a state without sub-accounts as it was', () => {
    const v = testVenue();
    v.run({ type: 'CreateUser', name: 'p1', eea: false });
    assert.ok(!encodeState(v.state).includes('subAccounts'));
  });

  it('refuse a sub-account of a sub-account, and a transfer to spot or collateral its permissions do not allow', () => {
    const v = testVenue();
    v.run({ type: 'CreateUser', name: 'p1', eea: true });
    const sub = DESK;
    const created = v.run(sub).result;
    assert.ok(created.ok);
    assert.equal(v.state.subAccounts.get('s1')?.status, 'active');
    assert.equal(v.state.users.get('s1')?.eea, true, 'a sub-account lives where its parent does');
    const nested = v.run({ ...sub, parent: 's1', id: 's2', alias: 'x' }).result;
    assert.deepEqual(nested.ok ? null : nested.rejection.reason, 'SUB_ACCOUNT_NOT_PERMITTED');
    const noEmail = v.run({ ...sub, id: 's3', alias: 'y', shareKyc: false }).result;
    assert.deepEqual(noEmail.ok ? null : noEmail.rejection, { reason: 'INVALID_ARGUMENT', params: { field: 'email' } });
    v.run(credit('s1', TICKER, 10n));
    for (const to of ['spot', 'collateral'] as const) {
      const moved = v.run({ type: 'Transfer', user: 's1', ticker: TICKER, amount: 1n, from: 'main', to }).result;
      assert.deepEqual(moved.ok ? null : moved.rejection.reason, 'SUB_ACCOUNT_NOT_PERMITTED');
    }
    v.run({
      type: 'EditSubAccount',
      parent: 'p1',
      id: 's1',
      alias: 'desk',
      spotEnabled: false,
      collateralEnabled: true,
    });
    assert.ok(
      v.run({ type: 'Transfer', user: 's1', ticker: TICKER, amount: 1n, from: 'main', to: 'collateral' }).result.ok,
    );
  });

  for (const rules of [RULES.heldSubAccountWithdrawals, CURRENT_RULES]) {
    const closed = rules >= RULES.deletedSubAccountsClosed;
    it(`a deleted sub-account is credited ${closed ? 'nothing' : 'as before rules 5'}: no deposit, no mining reward, no code (rules ${rules})`, () => {
      const v = testVenue();
      assert.ok(v.run({ type: 'AdoptRules', version: rules }).result.ok);
      v.run({ type: 'CreateUser', name: 'p1', eea: false });
      assert.ok(v.run(DESK).result.ok);
      assert.ok(v.run({ type: 'CreateMiningAccount', user: 's1', name: 'rig' }).result.ok);
      assert.ok(v.run({ type: 'DeleteSubAccount', parent: 'p1', id: 's1' }).result.ok);
      const reward = {
        type: 'CreditMiningReward',
        user: 's1',
        account: 'rig',
        amount: 1_000n,
        fee: 0n,
        hashRate: '0',
        fppsRate: '0',
        txHash: '',
      } as const;
      v.run(credit('p1', TICKER, 10n));
      const code = { code: 'C1', externalId: 'e1', ticker: TICKER, amount: 3n, passphraseDigest: null } as const;
      assert.ok(v.run({ type: 'CreateCode', user: 'p1', description: null, ...code }).result.ok);
      const applied = { type: 'ApplyCode', user: 's1', code: 'C1', passphraseDigest: null } as const;
      for (const cmd of [credit('s1', TICKER, 10n), reward, applied]) {
        const { result } = v.run(cmd);
        assert.deepEqual(
          result.ok ? 'credited' : result.rejection,
          closed ? { reason: 'SUB_ACCOUNT_DELETED', params: { user: 's1' } } : 'credited',
          cmd.type,
        );
      }
      assert.equal(v.state.users.get('s1')?.main.size, closed ? 0 : 2);
      assert.equal(v.state.users.get('s1')?.main.get(TICKER) ?? 0n, closed ? 0n : 13n);
    });
  }
});
