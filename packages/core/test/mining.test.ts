import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  apply,
  conservationBreaches,
  createState,
  decodeState,
  encodeJson,
  encodeState,
  MAX_MINING_ACCOUNTS_PER_USER,
  negativeBalances,
  type Command,
  type CommandResults,
  type CreditMiningReward,
  type SetMiningPayoutDestination,
  type Outcome,
  type State,
} from '../src/index.js';
import { asset, network } from './support/assets.js';

const T0 = 1_700_000_000_000_000;

function run<C extends Command>(state: State, cmd: C): Outcome<CommandResults[C['type']]> {
  const seq = state.seq + 1;
  return apply(state, cmd, { seq, time: T0 + seq * 1_000_000 });
}

function accepted<C extends Command>(state: State, cmd: C): CommandResults[C['type']] {
  const { result } = run(state, cmd);
  if (!result.ok) throw new Error(`${cmd.type} refused: ${result.rejection.reason}`);
  return result.value;
}

/** The rejection reason, after checking the refused command left the state exactly as it was. */
function refused(state: State, cmd: Command): string {
  const before = encodeState(state);
  const { result, events } = run(state, cmd);
  assert.equal(result.ok, false, `${cmd.type} should be refused`);
  assert.equal(encodeState(state), before, `${cmd.type} refused but changed the state`);
  assert.deepEqual(events, []);
  return result.ok ? '' : result.rejection.reason;
}

function venue(): State {
  const state = createState();
  accepted(state, {
    type: 'DefineAsset',
    asset: asset('BTC', 8, [network('BTC')]),
  });
  for (const name of ['ann', 'bob']) accepted(state, { type: 'CreateUser', name, eea: false });
  accepted(state, {
    type: 'CreditDeposit',
    transactionId: 'seed-ann',
    user: 'ann',
    ticker: 'BTC',
    amount: 150_000_000n,
    network: 'BTC',
    txid: 'seed-ann',
    address: null,
    memo: null,
  });
  return state;
}

const ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const HASH = 'ab'.repeat(32);

/** Sends an account's rewards to `address`, or back to the main balance when it is null. */
function payTo(user: string, account: string, address: string | null): SetMiningPayoutDestination {
  const destination = address === null ? 'main_balance' : 'external_address';
  return { type: 'SetMiningPayoutDestination', user, account, destination, address };
}

function reward(user: string, account: string, amount: bigint, txHash = HASH): CreditMiningReward {
  return { type: 'CreditMiningReward', user, account, amount, fee: 0n, hashRate: '0', fppsRate: '0', txHash };
}

describe('mining accounts', () => {
  it('opens an account paying to the main balance, stamped with the command time', () => {
    const state = venue();
    const { result, events } = run(state, { type: 'CreateMiningAccount', user: 'ann', name: 'rig_01' });
    assert.ok(result.ok);
    assert.deepEqual(result.value, { user: 'ann', name: 'rig_01', createdAt: state.time });
    assert.deepEqual(events, [{ type: 'MiningAccountCreated', user: 'ann', account: 'rig_01', time: state.time }]);
    assert.deepEqual(state.mining.accounts.get('ann')?.get('rig_01'), {
      user: 'ann',
      name: 'rig_01',
      seq: state.seq,
      createdAt: state.time,
      payoutDestination: 'main_balance',
      externalAddress: null,
    });
  });

  it('names are unique per user, not across users', () => {
    const state = venue();
    accepted(state, { type: 'CreateMiningAccount', user: 'ann', name: 'rig' });
    assert.equal(refused(state, { type: 'CreateMiningAccount', user: 'ann', name: 'rig' }), 'MINING_ACCOUNT_EXISTS');
    accepted(state, { type: 'CreateMiningAccount', user: 'bob', name: 'rig' });
    // Names are compared exactly: another case is another name.
    accepted(state, { type: 'CreateMiningAccount', user: 'ann', name: 'RIG' });
  });

  it('accepts letters, digits and underscores up to 255 characters, nothing else', () => {
    const state = venue();
    for (const name of ['a', 'A_1', '_', 'x'.repeat(255)])
      accepted(state, { type: 'CreateMiningAccount', user: 'ann', name });
    for (const name of ['', 'has space', 'dash-ed', 'dot.ted', 'x'.repeat(256), 'ünï', 'a\n'])
      assert.equal(
        refused(state, { type: 'CreateMiningAccount', user: 'ann', name }),
        'MINING_ACCOUNT_NAME_INVALID',
        name,
      );
  });

  it('refuses an unknown user', () => {
    assert.equal(refused(venue(), { type: 'CreateMiningAccount', user: 'nobody', name: 'rig' }), 'UNKNOWN_USER');
  });

  it(`caps a user at ${MAX_MINING_ACCOUNTS_PER_USER} accounts`, () => {
    const state = venue();
    for (let i = 0; i < MAX_MINING_ACCOUNTS_PER_USER; i++)
      accepted(state, { type: 'CreateMiningAccount', user: 'ann', name: `rig_${i}` });
    assert.equal(
      refused(state, { type: 'CreateMiningAccount', user: 'ann', name: 'one_more' }),
      'MINING_ACCOUNT_LIMIT',
    );
    accepted(state, { type: 'CreateMiningAccount', user: 'bob', name: 'one_more' });
  });
});

describe('mining payout destination', () => {
  it('switches to an external address and back, forgetting the address', () => {
    const state = venue();
    accepted(state, { type: 'CreateMiningAccount', user: 'ann', name: 'rig' });
    const out = accepted(state, {
      type: 'SetMiningPayoutDestination',
      user: 'ann',
      account: 'rig',
      destination: 'external_address',
      address: ADDRESS,
    });
    assert.deepEqual(out, { payoutDestination: 'external_address', externalAddress: ADDRESS });
    const back = accepted(state, {
      type: 'SetMiningPayoutDestination',
      user: 'ann',
      account: 'rig',
      destination: 'main_balance',
      address: ADDRESS,
    });
    assert.deepEqual(back, { payoutDestination: 'main_balance', externalAddress: null });
    assert.equal(state.mining.accounts.get('ann')?.get('rig')?.externalAddress, null);
  });

  it("refuses another user's account, an unknown account, and an external destination without a usable address", () => {
    const state = venue();
    accepted(state, { type: 'CreateMiningAccount', user: 'ann', name: 'rig' });
    const set = (user: string, account: string, address: string | null): Command => ({
      type: 'SetMiningPayoutDestination',
      user,
      account,
      destination: 'external_address',
      address,
    });
    assert.equal(refused(state, set('bob', 'rig', ADDRESS)), 'MINING_ACCOUNT_NOT_FOUND');
    assert.equal(refused(state, set('ann', 'other', ADDRESS)), 'MINING_ACCOUNT_NOT_FOUND');
    assert.equal(refused(state, set('ann', 'rig', null)), 'MINING_ADDRESS_REQUIRED');
    assert.equal(refused(state, set('ann', 'rig', '')), 'MINING_ADDRESS_REQUIRED');
    assert.equal(refused(state, set('ann', 'rig', `1${'x'.repeat(100)}`)), 'MINING_ADDRESS_INVALID');
  });
});

describe('mining rewards', () => {
  it('to the main balance: credits main BTC exactly, counts the inflow, keeps conservation', () => {
    const state = venue();
    accepted(state, { type: 'CreateMiningAccount', user: 'ann', name: 'rig' });
    const { result, events } = run(state, {
      type: 'CreditMiningReward',
      user: 'ann',
      account: 'rig',
      amount: 12_345n,
      fee: 317n,
      hashRate: '110000000000000',
      fppsRate: '0.00000043',
      txHash: HASH,
    });
    assert.ok(result.ok);
    assert.deepEqual(result.value, {
      rewardId: 1,
      payoutDestination: 'main_balance',
      payoutAddress: null,
      payoutTransactionHash: null,
    });
    assert.equal(state.users.get('ann')?.main.get('BTC'), 150_012_345n);
    assert.equal(state.ledger.deposited.get('BTC'), 150_012_345n);
    assert.deepEqual(conservationBreaches(state), []);
    assert.deepEqual(events, [
      {
        type: 'MiningRewardCredited',
        rewardId: 1,
        payoutDestination: 'main_balance',
        payoutAddress: null,
        payoutTransactionHash: null,
        user: 'ann',
        account: 'rig',
        ticker: 'BTC',
        amount: 12_345n,
        fee: 317n,
        hashRate: '110000000000000',
        fppsRate: '0.00000043',
        time: state.time,
      },
    ]);
  });

  it('to an external address: no balance or ledger moves, the payout is recorded with its hash', () => {
    const state = venue();
    accepted(state, { type: 'CreateMiningAccount', user: 'ann', name: 'rig' });
    accepted(state, payTo('ann', 'rig', ADDRESS));
    const ledgerBefore = encodeJson(state.ledger);
    const usersBefore = encodeJson(state.users);
    const out = accepted(state, reward('ann', 'rig', 50_000n));
    assert.deepEqual(out, {
      rewardId: 1,
      payoutDestination: 'external_address',
      payoutAddress: ADDRESS,
      payoutTransactionHash: HASH,
    });
    assert.equal(encodeJson(state.users), usersBefore);
    assert.equal(encodeJson(state.ledger), ledgerBefore);
    assert.deepEqual(conservationBreaches(state), []);
  });

  it('follows the destination in force when paid, and numbers rewards in order', () => {
    const state = venue();
    accepted(state, { type: 'CreateMiningAccount', user: 'bob', name: 'rig' });
    assert.equal(accepted(state, reward('bob', 'rig', 100n)).rewardId, 1);
    accepted(state, payTo('bob', 'rig', ADDRESS));
    assert.equal(accepted(state, reward('bob', 'rig', 200n)).rewardId, 2);
    accepted(state, payTo('bob', 'rig', null));
    assert.equal(accepted(state, reward('bob', 'rig', 400n)).rewardId, 3);
    assert.equal(state.users.get('bob')?.main.get('BTC'), 500n);
    assert.deepEqual(conservationBreaches(state), []);
  });

  it('refuses bad rewards without a trace', () => {
    const state = venue();
    accepted(state, { type: 'CreateMiningAccount', user: 'ann', name: 'rig' });
    assert.equal(refused(state, reward('nobody', 'rig', 1n)), 'UNKNOWN_USER');
    assert.equal(refused(state, reward('bob', 'rig', 1n)), 'MINING_ACCOUNT_NOT_FOUND');
    assert.equal(refused(state, reward('ann', 'rig', 0n)), 'AMOUNT_NOT_POSITIVE');
    assert.equal(refused(state, reward('ann', 'rig', -5n)), 'AMOUNT_NOT_POSITIVE');
    const base = reward('ann', 'rig', 1n);
    assert.equal(refused(state, { ...base, fee: -1n }), 'MINING_REWARD_FEE_NEGATIVE');
    assert.equal(refused(state, { ...base, hashRate: '1e9' }), 'MINING_REWARD_RATE_INVALID');
    assert.equal(refused(state, { ...base, fppsRate: '-0.1' }), 'MINING_REWARD_RATE_INVALID');
    accepted(state, payTo('ann', 'rig', ADDRESS));
    assert.equal(refused(state, reward('ann', 'rig', 1n, '')), 'MINING_PAYOUT_HASH_REQUIRED');
    assert.equal(state.mining.nextRewardId, 1);
  });

  it('needs the BTC asset', () => {
    const state = createState();
    accepted(state, { type: 'CreateUser', name: 'ann', eea: false });
    accepted(state, { type: 'CreateMiningAccount', user: 'ann', name: 'rig' });
    assert.equal(refused(state, reward('ann', 'rig', 1n)), 'UNKNOWN_ASSET');
  });
});

describe('mining state in snapshots and replay', () => {
  const users = ['ann', 'bob'];
  const names = ['rig', 'farm_2'];
  const arbitraryCommand: fc.Arbitrary<Command> = fc.oneof(
    fc.record({
      type: fc.constant('CreateMiningAccount' as const),
      user: fc.constantFrom(...users, 'nobody'),
      name: fc.constantFrom(...names, 'bad name'),
    }),
    fc.record({
      type: fc.constant('SetMiningPayoutDestination' as const),
      user: fc.constantFrom(...users),
      account: fc.constantFrom(...names),
      destination: fc.constantFrom('main_balance' as const, 'external_address' as const),
      address: fc.constantFrom(ADDRESS, null),
    }),
    fc.record({
      type: fc.constant('CreditMiningReward' as const),
      user: fc.constantFrom(...users),
      account: fc.constantFrom(...names),
      amount: fc.bigInt({ min: -10n, max: 10_000_000n }),
      fee: fc.bigInt({ min: -1n, max: 1000n }),
      hashRate: fc.constantFrom('0', '123.5'),
      fppsRate: fc.constant('0'),
      txHash: fc.constantFrom(HASH, ''),
    }),
    fc.record({
      type: fc.constant('Transfer' as const),
      user: fc.constantFrom(...users),
      ticker: fc.constant('BTC'),
      amount: fc.bigInt({ min: 1n, max: 1_000_000n }),
      from: fc.constantFrom('main' as const, 'spot' as const),
      to: fc.constantFrom('spot' as const, 'collateral' as const),
    }),
  );

  it('keeps conservation after every command, leaves refused commands without a trace, and replays to the same state', () => {
    fc.assert(
      fc.property(fc.array(arbitraryCommand, { maxLength: 40 }), (commands) => {
        const state = venue();
        const journal: { cmd: Command; seq: number; time: number }[] = [];
        const start = encodeState(state);
        for (const cmd of commands) {
          const before = encodeState(state);
          const stamp = { seq: state.seq + 1, time: T0 + (state.seq + 1) * 1_000 };
          const { result } = apply(state, cmd, stamp);
          if (result.ok) journal.push({ cmd, ...stamp });
          else assert.equal(encodeState(state), before);
          assert.deepEqual(conservationBreaches(state), []);
          assert.deepEqual(negativeBalances(state), []);
        }
        const text = encodeState(state);
        assert.equal(encodeState(decodeState(text)), text);
        const replayed = decodeState(start);
        for (const { cmd, seq, time } of journal) assert.ok(apply(replayed, cmd, { seq, time }).result.ok);
        assert.equal(encodeState(replayed), text);
      }),
      { numRuns: 200 },
    );
  });
});
