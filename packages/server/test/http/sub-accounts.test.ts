import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';
import { fails } from '../support/trading.js';

const P = '/api/v4/sub-account';
const invalid = (errors: Record<string, string[]>): unknown => ({ code: 0, message: 'Validation failed', errors });
const NOT_PERMITTED = {
  code: 0,
  message: 'Inner validation failed',
  errors: { error: ['Not permitted for sub-account'] },
};
const UNKNOWN_ID = invalid({ id: ['The selected id is invalid.'] });
const PERMS = { spotEnabled: false, collateralEnabled: false };

type SubAccount = { id: string; alias: string; status: string; permissions: typeof PERMS } & Record<string, unknown>;
type Balances = Record<string, { main: string; spot: string; collateral: string }[]>;

describe('sub-accounts through HTTP', () => {
  let server: TestServer;
  let main: TxcClient;
  let other: TxcClient;

  /** A key of the sub-account `id`, made by the operator as for any user. */
  async function keyOf(id: string): Promise<TxcClient> {
    const key = await server.admin('POST', `/admin/v1/users/${id}/api-keys`, {});
    assert.equal(key.status, 201);
    const { apiKey, apiSecret } = key.body as { apiKey: string; apiSecret: string };
    return server.client(apiKey, apiSecret);
  }
  const create = (alias: string, extra: Record<string, unknown> = {}): Promise<SubAccount> =>
    main.privatePost<SubAccount>(`${P}/create`, { alias, email: `${alias}@example.com`, permissions: PERMS, ...extra });
  const balances = async (client: TxcClient, id: string, ticker = 'USDT'): Promise<Balances> =>
    client.privatePost<Balances>(`${P}/balances`, { id, ticker });
  const mainUsdt = async (client: TxcClient): Promise<unknown> =>
    (await client.privatePost<Record<string, unknown>>('/api/v4/main-account/balance', { ticker: 'USDT' })).USDT;

  before(async () => {
    server = await TestServer.start();
    main = (await server.user('boss', { deposits: { USDT: '1000' } })).client;
    other = (await server.user('stranger', { deposits: { USDT: '5' } })).client;
  });
  after(() => server.stop());

  it('creates sub-accounts with the documented shape and refuses bad or taken fields', async () => {
    const sub = await create('desk-a');
    assert.deepEqual(sub, {
      id: sub.id,
      alias: 'desk-a',
      userId: sub.userId,
      email: 'd***@example.com',
      status: 'active',
      color: sub.color,
      kyc: { shareKyc: false, kycStatus: 'verified' },
      permissions: PERMS,
    });
    assert.match(sub.id, /^[0-9a-f-]{36}$/);
    const shared = await main.privatePost<SubAccount>(`${P}/create`, {
      alias: 'shared',
      shareKyc: true,
      permissions: PERMS,
    });
    assert.equal(shared.email, '');
    await fails(main.privatePost(`${P}/create`, {}), 400, {
      code: 0,
      message: 'Validation failed',
      errors: {
        alias: ['The alias field is required.'],
        email: ['The email field is required.'],
        permissions: ['The permissions field is required.'],
      },
    });
    await fails(
      main.privatePost(`${P}/create`, { alias: 'x', email: 'nope', permissions: { spotEnabled: 'yes' } }),
      400,
      invalid({
        email: ['Email is invalid.'],
        'permissions.spotEnabled': ['The permissions.spotEnabled field must be true or false.'],
        'permissions.collateralEnabled': ['The permissions.collateralEnabled field is required.'],
      }),
    );
    await fails(create('desk-a'), 400, invalid({ alias: ['Alias already exists.'] }));
    // aliases are the caller's own: another user may take the same one
    const theirs = await other.privatePost<SubAccount>(`${P}/create`, {
      alias: 'desk-a',
      shareKyc: true,
      permissions: PERMS,
    });
    assert.equal(theirs.alias, 'desk-a');
  });

  it('lists the caller own sub-accounts, searched and paged', async () => {
    const all = await main.privatePost<{ offset: number; limit: number; data: SubAccount[] }>(`${P}/list`, {});
    assert.deepEqual([all.offset, all.limit], [0, 30]);
    assert.deepEqual(
      all.data.map((s) => s.alias),
      ['desk-a', 'shared'],
    );
    const found = await main.privatePost<{ data: SubAccount[] }>(`${P}/list`, { search: 'sha', limit: '1' });
    assert.deepEqual(
      found.data.map((s) => s.alias),
      ['shared'],
    );
    const page = await main.privatePost<{ data: SubAccount[] }>(`${P}/list`, { limit: 1, offset: 1 });
    assert.deepEqual(
      page.data.map((s) => s.alias),
      ['shared'],
    );
    await fails(
      main.privatePost(`${P}/list`, { limit: 101, offset: -1 }),
      400,
      invalid({ limit: ['The limit must be between 1 and 100.'], offset: ['The offset must be between 0 and 10000.'] }),
    );
  });

  it('transfers between main balances both ways; a refused transfer moves nothing', async () => {
    const sub = await create('trader');
    const sent = await main.privatePost<{ transaction_id: string }>(`${P}/transfer`, {
      id: sub.id,
      direction: 'main_to_sub',
      ticker: 'USDT',
      amount: '100.5',
    });
    assert.match(sent.transaction_id, /^[0-9a-f-]{36}$/);
    await main.privatePost(`${P}/transfer`, { id: sub.id, direction: 'sub_to_main', ticker: 'USDT', amount: 0.5 });
    assert.deepEqual(await balances(main, sub.id), { USDT: [{ main: '100', spot: '0', collateral: '0' }] });
    assert.deepEqual(await mainUsdt(main), { main_balance: '900' });

    await fails(
      main.privatePost(`${P}/transfer`, { id: sub.id, direction: 'sub_to_main', ticker: 'USDT', amount: '100.01' }),
      422,
      {
        code: 3,
        message: 'Inner validation failed',
        errors: { amount: ["You don't have such amount for transfer (available 100, in amount: 100.01)"] },
      },
    );
    await fails(
      main.privatePost(`${P}/transfer`, { id: sub.id, direction: 'sideways', ticker: 'NOPE', amount: '0' }),
      400,
      invalid({ direction: ['The selected direction is invalid.'], ticker: ['The selected ticker is invalid.'] }),
    );
    await fails(
      main.privatePost(`${P}/transfer`, { id: sub.id, direction: 'main_to_sub', ticker: 'USDT', amount: '-1' }),
      400,
      invalid({ amount: ['The amount must be at least 0.000001.'] }),
    );
    await fails(main.privatePost(`${P}/transfer`, {}), 400, {
      code: 0,
      message: 'Validation failed',
      errors: {
        id: ['The id field is required.'],
        direction: ['The direction field is required.'],
        ticker: ['The ticker field is required.'],
        amount: ['The amount field is required.'],
      },
    });
    // another user's sub-account is unknown to the caller
    await fails(
      other.privatePost(`${P}/transfer`, { id: sub.id, direction: 'sub_to_main', ticker: 'USDT', amount: '1' }),
      400,
      UNKNOWN_ID,
    );
    await fails(balances(other, sub.id), 400, UNKNOWN_ID);
    assert.deepEqual(await balances(main, sub.id), { USDT: [{ main: '100', spot: '0', collateral: '0' }] });
    assert.deepEqual(await mainUsdt(main), { main_balance: '900' });
    assert.deepEqual(await mainUsdt(other), { main_balance: '5' });

    const history = await main.privatePost<{ data: Record<string, unknown>[] }>(`${P}/transfer/history`, {
      id: sub.id,
    });
    assert.deepEqual(
      history.data.map((t) => [t.direction, t.currency, t.amount, t.transaction_id === t.id]),
      [
        ['sub_to_main', 'USDT', '0.5', true],
        ['main_to_sub', 'USDT', '100.5', true],
      ],
    );
    assert.equal(history.data[1]?.transaction_id, sent.transaction_id);
    const toSub = await main.privatePost<{ data: unknown[] }>(`${P}/transfer/history`, {
      id: sub.id,
      direction: 'main_to_sub',
    });
    assert.equal(toSub.data.length, 1);
  });

  it("answers a sub-account's key: no sub-account routes, and no funding its balances against its permissions", async () => {
    const sub = await create('bot');
    await main.privatePost(`${P}/transfer`, { id: sub.id, direction: 'main_to_sub', ticker: 'USDT', amount: '10' });
    const bot = await keyOf(sub.id);
    await fails(bot.privatePost(`${P}/list`, {}), 422, NOT_PERMITTED);
    await fails(bot.transfer({ ticker: 'USDT', amount: '1', from: 'main', to: 'spot' }), 422, NOT_PERMITTED);
    await fails(bot.transfer({ ticker: 'USDT', amount: '1', from: 'main', to: 'collateral' }), 422, NOT_PERMITTED);
    assert.deepEqual(await balances(main, sub.id), { USDT: [{ main: '10', spot: '0', collateral: '0' }] });

    await main.privatePost(`${P}/edit`, { id: sub.id, alias: 'bot-2', permissions: { ...PERMS, spotEnabled: true } });
    await bot.transfer({ ticker: 'USDT', amount: '4', from: 'main', to: 'spot' });
    assert.deepEqual(await balances(main, sub.id), { USDT: [{ main: '6', spot: '4', collateral: '0' }] });
    const listed = await main.privatePost<{ data: SubAccount[] }>(`${P}/list`, { search: 'bot' });
    assert.deepEqual(
      listed.data.map((s) => [s.alias, s.permissions.spotEnabled]),
      [['bot-2', true]],
    );
    await fails(main.privatePost(`${P}/edit`, { id: 'nope', alias: 'z', permissions: PERMS }), 400, UNKNOWN_ID);
    await fails(main.privatePost(`${P}/edit`, { id: sub.id, alias: 'trader', permissions: PERMS }), 400, {
      code: 0,
      message: 'Validation failed',
      errors: { alias: ['Alias already exists.'] },
    });
  });

  it('blocks and unblocks: a blocked sub-account signs nothing, and its parent still moves its funds', async () => {
    const sub = await create('risky');
    await main.privatePost(`${P}/transfer`, { id: sub.id, direction: 'main_to_sub', ticker: 'USDT', amount: '2' });
    const risky = await keyOf(sub.id);
    assert.deepEqual(await mainUsdt(risky), { main_balance: '2' });
    assert.deepEqual(await main.privatePost(`${P}/block`, { id: sub.id }), {});
    await fails(mainUsdt(risky), 403, {
      code: 2,
      message: 'This action is unauthorized. Enable your key in API settings',
      errors: {},
    });
    const listed = await main.privatePost<{ data: SubAccount[] }>(`${P}/list`, { search: 'risky' });
    assert.equal(listed.data[0]?.status, 'blocked');
    await main.privatePost(`${P}/transfer`, { id: sub.id, direction: 'sub_to_main', ticker: 'USDT', amount: '1' });
    assert.deepEqual(await main.privatePost(`${P}/unblock`, { id: sub.id }), {});
    assert.deepEqual(await mainUsdt(risky), { main_balance: '1' });
    await fails(main.privatePost(`${P}/block`, {}), 400, invalid({ id: ['The id field is required.'] }));
    await fails(other.privatePost(`${P}/unblock`, { id: sub.id }), 400, UNKNOWN_ID);
  });

  it('deletes only a sub-account that holds nothing; then its id is unknown and its keys sign nothing', async () => {
    const sub = await create('closing');
    await main.privatePost(`${P}/transfer`, { id: sub.id, direction: 'main_to_sub', ticker: 'USDT', amount: '3' });
    const closing = await keyOf(sub.id);
    await fails(main.privatePost(`${P}/delete`, { id: sub.id }), 422, {
      code: 0,
      message: 'Inner validation failed',
      errors: {
        id: ['The sub-account still holds funds, orders, positions or withdrawals, or owes the lending pool.'],
      },
    });
    assert.deepEqual(await balances(main, sub.id), { USDT: [{ main: '3', spot: '0', collateral: '0' }] });
    await main.privatePost(`${P}/transfer`, { id: sub.id, direction: 'sub_to_main', ticker: 'USDT', amount: '3' });
    assert.deepEqual(await main.privatePost(`${P}/delete`, { id: sub.id }), {});
    await fails(main.privatePost(`${P}/delete`, { id: sub.id }), 400, UNKNOWN_ID);
    await fails(balances(main, sub.id), 400, UNKNOWN_ID);
    await fails(mainUsdt(closing), 403, {
      code: 2,
      message: 'This action is unauthorized. Enable your key in API settings',
      errors: {},
    });
    // nothing is credited where nobody could reach it
    const deposit = await server.admin('POST', '/admin/v1/deposits', { user: sub.id, ticker: 'USDT', amount: '1' });
    assert.deepEqual(
      [deposit.status, deposit.body],
      [409, { error: `User ${sub.id} is a deleted sub-account: it is credited nothing.` }],
    );
    const listed = await main.privatePost<{ data: SubAccount[] }>(`${P}/list`, { search: 'closing' });
    assert.deepEqual(listed.data, []);
    // the alias is free again
    assert.equal((await create('closing')).alias, 'closing');
  });
});

describe('sub-account/list across a restart', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start();
  });
  after(() => server.stop());

  it('keeps them oldest first once the state comes back from a snapshot (kept by id)', async () => {
    const { client } = await server.user('orderly');
    const aliases = ['one', 'two', 'three', 'four', 'five', 'six', 'seven'];
    for (const alias of aliases) {
      await client.privatePost(`${P}/create`, { alias, email: `${alias}@example.com`, permissions: PERMS });
    }
    const listed = async (c: TxcClient): Promise<string[]> =>
      (await c.privatePost<{ data: SubAccount[] }>(`${P}/list`, {})).data.map((s) => s.alias);
    assert.deepEqual(await listed(client), aliases);
    // a graceful stop saves a snapshot, and the restart loads it
    await server.restart();
    const key = await server.admin('POST', '/admin/v1/users/orderly/api-keys', { permissions: ['main-account'] });
    const { apiKey, apiSecret } = key.body as { apiKey: string; apiSecret: string };
    assert.deepEqual(await listed(server.client(apiKey, apiSecret)), aliases);
  });
});
