import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { conservationBreaches } from '@txc/core';
import { miningRewards, type MiningRewardsPage, type TxcClient } from '@txc/sdk';
import { Value } from 'typebox/value';
import { TestServer } from '../../support/test-server.js';
import { expectError, expectPageValidation, invalid } from './expect-error.js';

const ADDRESS = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';
const HASH = 'c0ffee'.padEnd(64, '0');

describe('mining rewards: admin payouts and POST /api/v4/mining/rewards (reference §8.3)', () => {
  let server: TestServer;
  let ann: TxcClient;
  let bob: TxcClient;

  const pay = async (body: Record<string, unknown>): Promise<number> => {
    const r = await server.admin('POST', '/admin/v1/mining/rewards', body);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return (r.body as { rewardId: number }).rewardId;
  };
  const btc = async (client: TxcClient): Promise<string> => (await client.mainBalance('BTC')).main_balance;
  const rewards = async (client: TxcClient, filter: Parameters<TxcClient['miningRewards']>[0] = {}) => {
    const page = await client.miningRewards(filter);
    assert.ok(Value.Check(miningRewards.response, page), JSON.stringify(page));
    return page;
  };
  const assertConserved = (): void => assert.deepEqual(conservationBreaches(server.server.venue.state), []);

  before(async () => {
    server = await TestServer.start();
    ({ client: ann } = await server.user('ann', { deposits: { BTC: '1' } }));
    ({ client: bob } = await server.user('bob'));
    await ann.createMiningAccount('rig');
    await ann.createMiningAccount('farm');
    await bob.createMiningAccount('rig');
  });
  after(() => server.stop());

  it('a reward to the main balance credits main BTC exactly and is listed without address or hash', async () => {
    const id = await pay({
      user: 'ann',
      account: 'rig',
      amount: '0.00012345',
      fee: '0.00000317',
      hashRate: '110000000000000',
      fppsRate: '0.000000432',
    });
    assert.equal(id, 1);
    assert.equal(await btc(ann), '1.00012345');
    assertConserved();
    const page = await rewards(ann);
    assert.deepEqual([page.offset, page.limit, page.data.length], [0, 30, 1]);
    const r = page.data[0];
    assert.ok(r !== undefined);
    assert.equal(r.payoutTime, r.date);
    assert.ok(Math.abs(r.payoutTime - Date.now() / 1000) < 60);
    assert.deepEqual(r, {
      miningAccountName: 'rig',
      payoutDestination: 'main_balance',
      payoutTransactionHash: null,
      payoutAddress: null,
      payoutTime: r.payoutTime,
      rewardCurrency: 'BTC',
      totalReward: '0.00012662',
      reward: '0.00012345',
      fee: '0.00000317',
      fppsRate: '0.000000432',
      hashRate: '110000000000000',
      date: r.payoutTime,
    });
  });

  it('a reward to an external address moves no balance and is listed with its address and hash', async () => {
    await ann.setMiningPayoutDestination('farm', 'external_address', ADDRESS);
    const before = await btc(ann);
    await pay({ user: 'ann', account: 'farm', amount: '0.5', txHash: HASH.toUpperCase() });
    await pay({ user: 'ann', account: 'farm', amount: '0.25' });
    assert.equal(await btc(ann), before);
    assertConserved();
    const [generated, given] = (await rewards(ann, { account: 'farm' })).data;
    assert.deepEqual(given, {
      miningAccountName: 'farm',
      payoutDestination: 'external_address',
      payoutTransactionHash: HASH,
      payoutAddress: ADDRESS,
      payoutTime: given?.payoutTime,
      rewardCurrency: 'BTC',
      totalReward: '0.5',
      reward: '0.5',
      fee: '0',
      fppsRate: '0',
      hashRate: '0',
      date: given?.payoutTime,
    });
    assert.match(generated?.payoutTransactionHash ?? '', /^[0-9a-f]{64}$/);
    assert.notEqual(generated?.payoutTransactionHash, HASH);
  });

  it('follows the destination in force at payout: back to the main balance credits again', async () => {
    await ann.setMiningPayoutDestination('farm', 'main_balance');
    assert.equal(await btc(ann), '1.00012345');
    await pay({ user: 'ann', account: 'farm', amount: '0.1' });
    assert.equal(await btc(ann), '1.10012345');
    const [latest] = (await rewards(ann, { account: 'farm' })).data;
    assert.deepEqual([latest?.payoutDestination, latest?.payoutAddress, latest?.reward], ['main_balance', null, '0.1']);
    assertConserved();
  });

  it("lists only the caller's rewards: another user's or an unknown account is an empty list", async () => {
    await pay({ user: 'bob', account: 'rig', amount: '0.001' });
    const mine = await rewards(bob);
    assert.deepEqual(
      mine.data.map((r) => [r.miningAccountName, r.reward]),
      [['rig', '0.001']],
    );
    assert.deepEqual((await rewards(bob, { account: 'farm' })).data, []);
    assert.deepEqual((await rewards(ann, { account: 'nope' })).data, []);
    assert.equal((await rewards(ann, { account: 'rig' })).data.length, 1);
  });

  it('newest first, paged by limit and offset, bounded by from/to in Unix seconds (inclusive)', async () => {
    const all = (await rewards(ann)).data;
    assert.equal(all.length, 4);
    assert.deepEqual(
      all.map((r) => r.reward),
      ['0.1', '0.25', '0.5', '0.00012345'],
    );
    const times = all.map((r) => r.payoutTime);
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    const page = await rewards(ann, { limit: 2, offset: 1 });
    assert.deepEqual([page.limit, page.offset, page.data.map((r) => r.reward)], [2, 1, ['0.25', '0.5']]);
    const newest = times[0] as number;
    const oldest = times.at(-1) as number;
    assert.equal((await rewards(ann, { from: oldest, to: newest })).data.length, 4);
    assert.equal((await rewards(ann, { from: newest + 1 })).data.length, 0);
    assert.equal((await rewards(ann, { to: oldest - 1 })).data.length, 0);
    assert.deepEqual(
      (await rewards(ann, { from: newest, to: newest })).data.map((r) => r.payoutTime),
      all.filter((r) => r.payoutTime === newest).map((r) => r.payoutTime),
    );
  });

  it('validates the request with the reference keys; out-of-range or reversed timestamps answer 422', async () => {
    const list = (body: Record<string, unknown>): Promise<unknown> => ann.privatePost(miningRewards.path, body);
    await expectPageValidation(list);
    await expectError(
      list({ from: 'yesterday', to: true }),
      400,
      invalid({ from: ['validation.integer'], to: ['validation.integer'] }),
    );
    await expectError(list({ account: 7 }), 400, invalid({ account: ['The account must be a string.'] }));
    const incorrect = { code: 422, message: 'Incorrect timestamp', errors: {} };
    await expectError(list({ from: 200, to: 100 }), 422, incorrect);
    await expectError(list({ from: -1 }), 422, incorrect);
    await expectError(list({ to: Date.now() }), 422, incorrect);
    const ok = (await list({
      from: '0',
      to: String(Math.floor(Date.now() / 1000) + 10),
      limit: '100',
      offset: '0',
    })) as MiningRewardsPage;
    assert.equal(ok.data.length, 4);
    assert.equal(ok.limit, 100);
  });

  it('the admin API refuses bad rewards with the right status and changes nothing', async () => {
    const before = await btc(ann);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ user: 'nobody', account: 'rig', amount: '1' }, 404, 'User nobody not found.'],
      [{ user: 'ann', account: 'nope', amount: '1' }, 404, 'Mining account nope of user ann not found.'],
      [{ user: 'bob', account: 'farm', amount: '1' }, 404, 'Mining account farm of user bob not found.'],
      [{ user: 'ann', account: 'rig', amount: '0' }, 400, 'amount must be greater than 0.'],
      [
        { user: 'ann', account: 'rig', amount: '-1' },
        400,
        'amount must be a non-negative decimal with at most 8 decimal places.',
      ],
      [
        { user: 'ann', account: 'rig', amount: '0.000000001' },
        400,
        'amount must be a non-negative decimal with at most 8 decimal places.',
      ],
      [{ user: 'ann', account: 'rig' }, 400, 'amount must be a non-negative decimal with at most 8 decimal places.'],
      [
        { user: 'ann', account: 'rig', amount: '1', fee: '-0.1' },
        400,
        'fee must be a non-negative decimal with at most 8 decimal places.',
      ],
      [{ user: 'ann', account: 'rig', amount: '1', hashRate: 'fast' }, 400, 'hashRate must be a non-negative decimal.'],
      [{ user: 'ann', account: 'rig', amount: '1', txHash: 'abc' }, 400, 'txHash must be 64 hexadecimal characters.'],
      [{ account: 'rig', amount: '1' }, 400, 'user must be a non-empty string.'],
    ];
    for (const [body, status, error] of cases) {
      assert.deepEqual(
        await server.admin('POST', '/admin/v1/mining/rewards', body),
        { status, body: { error } },
        JSON.stringify(body),
      );
    }
    assert.equal(await btc(ann), before);
    assert.equal((await rewards(ann)).data.length, 4);
  });

  it('rewards and payout settings survive a restart (journal and read model)', async () => {
    await ann.setMiningPayoutDestination('rig', 'external_address', ADDRESS);
    const listed = await rewards(ann);
    const balance = await btc(ann);
    await server.restart();
    const ann2 = server.client(...(await keyFor('ann')));
    assert.deepEqual(await ann2.miningRewards(), listed);
    assert.equal((await ann2.mainBalance('BTC')).main_balance, balance);
    assert.deepEqual(await ann2.miningPayoutDestination('rig'), {
      payoutDestination: 'external_address',
      externalAddress: ADDRESS,
    });
    assert.equal(await pay({ user: 'ann', account: 'rig', amount: '0.2' }), 6);
  });

  async function keyFor(user: string): Promise<[string, string]> {
    const k = await server.admin('POST', `/admin/v1/users/${user}/api-keys`, {});
    const { apiKey, apiSecret } = k.body as { apiKey: string; apiSecret: string };
    return [apiKey, apiSecret];
  }
});
