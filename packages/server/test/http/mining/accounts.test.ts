import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { miningAccounts, miningCreateAccount, miningRewards, TxcError, type ErrorName, type TxcClient } from '@txc/sdk';
import { Value } from 'typebox/value';
import { TestServer } from '../../support/test-server.js';
import { expectError, expectPageValidation, invalid } from './expect-error.js';

describe('mining accounts: POST /api/v4/mining/accounts/create and /accounts (reference §8.3)', () => {
  let server: TestServer;
  let ann: TxcClient;
  let bob: TxcClient;

  before(async () => {
    server = await TestServer.start();
    ({ client: ann } = await server.user('ann'));
    ({ client: bob } = await server.user('bob'));
  });
  after(() => server.stop());

  it('creates an account and answers {"data": {name, createdAt}} in Unix seconds', async () => {
    const before = Math.floor(Date.now() / 1000);
    const created = await ann.createMiningAccount('my_miner_01');
    assert.ok(Value.Check(miningCreateAccount.response, created));
    assert.equal(created.data.name, 'my_miner_01');
    assert.ok(created.data.createdAt >= before && created.data.createdAt <= Math.floor(Date.now() / 1000));
  });

  it('refuses a name already taken by the same user, with the reference message', async () => {
    await ann.createMiningAccount('taken');
    await expectError(ann.createMiningAccount('taken'), 400, invalid({ name: ['The name has already been taken.'] }));
  });

  it('the SDK tells apart answers that share code 0 and "Validation failed"', async () => {
    const kindOf = async (request: Promise<unknown>): Promise<ErrorName | undefined> => {
      try {
        await request;
      } catch (e) {
        if (e instanceof TxcError) return e.kind;
      }
      assert.fail('the request should fail');
    };
    assert.equal(await kindOf(ann.createMiningAccount('taken')), 'miningAccountNameTaken');
    assert.equal(await kindOf(ann.createMiningAccount('bad name')), 'mainValidation');
    assert.equal(await kindOf(ann.privatePost(miningRewards.path, { from: 2, to: 1 })), 'miningIncorrectTimestamp');
  });

  it('names are unique per user: another user may take the same name', async () => {
    await ann.createMiningAccount('shared_name');
    assert.equal((await bob.createMiningAccount('shared_name')).data.name, 'shared_name');
  });

  it('checks the name: required, a string, at most 255 characters, letters, digits and underscores', async () => {
    const create = (body: Record<string, unknown>): Promise<unknown> => ann.privatePost(miningCreateAccount.path, body);
    const required = invalid({ name: ['The name field is required.'] });
    await expectError(create({}), 400, required);
    await expectError(create({ name: null }), 400, required);
    await expectError(create({ name: '' }), 400, required);
    await expectError(create({ name: 7 }), 400, invalid({ name: ['The name must be a string.'] }));
    await expectError(
      create({ name: 'x'.repeat(256) }),
      400,
      invalid({ name: ['The name may not be greater than 255 characters.'] }),
    );
    for (const name of ['has space', 'dash-ed', 'dot.ted', 'ünï', 'semi;colon'])
      await expectError(create({ name }), 400, invalid({ name: ['The name format is invalid.'] }));
    assert.equal((await ann.createMiningAccount('x'.repeat(255))).data.name, 'x'.repeat(255));
  });

  it('accepts a referral code of at most 50 characters', async () => {
    assert.equal((await ann.createMiningAccount('referred', { referralCode: 'FRIEND2024' })).data.name, 'referred');
    await expectError(
      ann.createMiningAccount('referred_2', { referralCode: 'r'.repeat(51) }),
      400,
      invalid({ referralCode: ['The referral code may not be greater than 50 characters.'] }),
    );
    await expectError(
      ann.privatePost(miningCreateAccount.path, { name: 'bad name', referralCode: 5 }),
      400,
      invalid({ name: ['The name format is invalid.'], referralCode: ['The referral code must be a string.'] }),
    );
  });

  it("lists only the caller's accounts, newest first, filtered by exact name", async () => {
    const { client: cid } = await server.user('cid');
    for (const name of ['first', 'second', 'third']) await cid.createMiningAccount(name);
    const all = await cid.miningAccounts();
    assert.ok(Value.Check(miningAccounts.response, all));
    assert.deepEqual(
      all.data.map((a) => a.name),
      ['third', 'second', 'first'],
    );
    assert.deepEqual([all.limit, all.offset], [30, 0]);
    assert.deepEqual(
      (await cid.miningAccounts({ name: 'second' })).data.map((a) => a.name),
      ['second'],
    );
    assert.deepEqual((await cid.miningAccounts({ name: 'SECOND' })).data, []);
    const page = await cid.miningAccounts({ limit: 1, offset: 1 });
    assert.deepEqual([page.data.map((a) => a.name), page.limit, page.offset], [['second'], 1, 1]);
    assert.deepEqual((await bob.miningAccounts({ name: 'first' })).data, []);
  });

  it("validates pagination with the reference's keys", async () => {
    const list = (body: Record<string, unknown>): Promise<unknown> => ann.privatePost(miningAccounts.path, body);
    await expectPageValidation(list);
    await expectError(
      list({ name: 5, limit: 1.5 }),
      400,
      invalid({ name: ['The name must be a string.'], limit: ['validation.integer'] }),
    );
    const ok = (await list({ limit: '2', offset: '0' })) as { limit: number; offset: number };
    assert.deepEqual([ok.limit, ok.offset], [2, 0]);
  });

  it('caps a user at 100 accounts with the reference key', async () => {
    const { client: dee } = await server.user('dee');
    for (let i = 0; i < 100; i++) await dee.createMiningAccount(`rig_${i}`);
    await expectError(
      dee.createMiningAccount('rig_100'),
      400,
      invalid({ error: ['miningPool.validation.maxAccounts'] }),
    );
    assert.equal((await dee.miningAccounts({ limit: 100 })).data.length, 100);
  });

  it('the admin API opens accounts: 201, 404 unknown user, 409 taken, 400 bad name', async () => {
    assert.deepEqual(await server.admin('POST', '/admin/v1/mining-accounts', { user: 'bob', name: 'from_admin' }), {
      status: 201,
      body: { user: 'bob', name: 'from_admin' },
    });
    assert.deepEqual((await bob.miningAccounts({ name: 'from_admin' })).data.length, 1);
    assert.deepEqual(await server.admin('POST', '/admin/v1/mining-accounts', { user: 'nobody', name: 'x' }), {
      status: 404,
      body: { error: 'User nobody not found.' },
    });
    assert.deepEqual(await server.admin('POST', '/admin/v1/mining-accounts', { user: 'bob', name: 'from_admin' }), {
      status: 409,
      body: { error: 'Mining account from_admin of user bob already exists.' },
    });
    for (const body of [
      { user: 'bob', name: 'bad name' },
      { user: 'bob' },
      { name: 'x' },
      { user: 'bob', name: 'x'.repeat(256) },
      [1],
    ]) {
      const r = await server.admin('POST', '/admin/v1/mining-accounts', body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(typeof (r.body as { error: unknown }).error, 'string');
    }
  });
});
