import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { RATE_LIMITS, CONTRACTS, type TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';
import { fails } from '../support/trading.js';
import { WsTestClient } from '../support/ws-client.js';

const P = '/api/v4/sub-account';
const K = `${P}/api-key`;
const PERMS = { spotEnabled: false, collateralEnabled: false };
const invalid = (errors: Record<string, string[]>): unknown => ({ code: 0, message: 'Validation failed', errors });
const NOT_FOUND = { code: 404, message: 'API key not found', errors: {} };
const UNAUTHORIZED = { code: 10, message: 'Unauthorized request.', errors: {} };
const DENIED = { code: 4, message: 'This API Key is not authorized to perform this action.', errors: {} };
const NOT_PERMITTED = {
  code: 0,
  message: 'Inner validation failed',
  errors: { error: ['Not permitted for sub-account'] },
};

type Key = {
  subAccountId: string;
  id: string;
  title: string;
  isEnabled: boolean;
  apiKey: string;
  apiSecret: string;
  type: number | string;
  lastActivity: number;
  restrictAccess: boolean;
  accessEndpoints: { name: string; title: string }[];
};
type Page = { offset: number; limit: number; data: Key[] };

describe('sub-account API keys through HTTP: create, list, reset, delete', () => {
  let server: TestServer;
  let main: TxcClient;
  let mainKey: { apiKey: string; apiSecret: string };
  let other: TxcClient;
  let noWithdraw: TxcClient;
  let sub: string;

  const newSub = async (client: TxcClient, alias: string): Promise<string> =>
    (await client.privatePost<{ id: string }>(`${P}/create`, { alias, shareKyc: true, permissions: PERMS })).id;
  const create = (subAccountId: string, title = 'bot', type: unknown = 1, client = main): Promise<Key> =>
    client.subAccountApiKeyCreate({ type, subAccountId, title });
  const signer = (key: Key): TxcClient => server.client(key.apiKey, key.apiSecret);
  const usdt = async (client: TxcClient): Promise<unknown> =>
    (await client.privatePost<Record<string, unknown>>('/api/v4/main-account/balance', { ticker: 'USDT' })).USDT;

  before(async () => {
    server = await TestServer.start();
    mainKey = await server.user('keymaster', { deposits: { USDT: '100' } });
    main = server.client(mainKey.apiKey, mainKey.apiSecret);
    other = (await server.user('outsider')).client;
    noWithdraw = (await server.user('cautious', { permissions: ['trading', 'main-account'] })).client;
    sub = await newSub(main, 'desk');
    await main.privatePost(`${P}/transfer`, { id: sub, direction: 'main_to_sub', ticker: 'USDT', amount: '7' });
  });
  after(() => server.stop());

  it('creates a key with the documented shape, whose secret signs as the sub-account', async () => {
    const key = await create(sub, 'Trading Bot Key');
    assert.deepEqual(key, {
      subAccountId: sub,
      id: key.id,
      title: 'Trading Bot Key',
      isEnabled: true,
      apiKey: key.apiKey,
      apiSecret: key.apiSecret,
      type: 1,
      lastActivity: 0,
      restrictAccess: false,
      accessEndpoints: [],
    });
    assert.match(key.id, /^[0-9a-f-]{36}$/);
    assert.match(key.apiKey, /^[0-9a-f]{32}$/);
    assert.match(key.apiSecret, /^[0-9a-f]{64}$/);
    const bot = signer(key);
    assert.deepEqual(await usdt(bot), { main_balance: '7' });
    // type 1 is info and trading: nothing that moves funds out, no deposit addresses
    const withdraw = { ticker: 'USDT', amount: '1', address: 'x', uniqueId: 'w1' };
    await fails(bot.privatePost('/api/v4/main-account/withdraw', withdraw), 403, DENIED);
    await fails(bot.privatePost('/api/v4/main-account/codes', { ticker: 'USDT', amount: '1' }), 403, DENIED);
    await fails(bot.privatePost('/api/v4/main-account/address', { ticker: 'USDT' }), 403, DENIED);
    // a sub-account's key manages no sub-account keys
    await fails(bot.subAccountApiKeyList({}), 422, NOT_PERMITTED);
    await fails(bot.privatePost(`${K}/create`, { type: 1, subAccountId: sub, title: 'x' }), 422, NOT_PERMITTED);
    const listed = (await main.subAccountApiKeyList({ subAccountId: sub })) as Page;
    assert.ok(listed.data[0]!.lastActivity > 0);
  });

  it('makes a type 2 key only for a caller whose own key may withdraw', async () => {
    const key = await create(sub, 'withdrawer', '2');
    assert.equal(key.type, 2);
    // past the permission check: the withdrawal itself is what is refused
    const answer = signer(key).privatePost('/api/v4/main-account/withdraw', { ticker: 'USDT' });
    await assert.rejects(answer, (e: { status: number }) => e.status === 400);
    // nor does it create a code, money paid to its bearer that no main account confirms
    await fails(signer(key).privatePost('/api/v4/main-account/codes', { ticker: 'USDT', amount: '1' }), 403, DENIED);
    const theirs = await newSub(noWithdraw, 'careful');
    await fails(create(theirs, 'w', 2, noWithdraw), 400, { code: 5, message: "Type isn't allowed", errors: {} });
    assert.equal((await create(theirs, 'ok', 1, noWithdraw)).type, 1);
    await main.subAccountApiKeyDelete({ apiKeyId: key.id });
  });

  it("gives a type 2 key's new secret, settings or allow-list only to a caller whose own key may withdraw", async () => {
    const withdrawer = await create(sub, 'kept', 2);
    const trader = await create(sub, 'trader', 1);
    const made = await server.admin('POST', '/admin/v1/users/keymaster/api-keys', { permissions: ['main-account'] });
    const { apiKey, apiSecret } = made.body as { apiKey: string; apiSecret: string };
    const lesser = server.client(apiKey, apiSecret);
    const notAllowed = { code: 5, message: "Type isn't allowed", errors: {} };
    await fails(lesser.subAccountApiKeyReset({ apiKeyId: withdrawer.id }), 400, notAllowed);
    await fails(lesser.subAccountApiKeyEdit({ apiKeyId: withdrawer.id, title: 'wider', urls: [] }), 400, notAllowed);
    for (const route of ['create', 'delete']) {
      const body = { apiKeyId: withdrawer.id, ip: '203.0.113.7' };
      await fails(lesser.privatePost(`${K}/ip-address/${route}`, body), 400, notAllowed);
    }
    assert.deepEqual(await lesser.subAccountApiKeyEdit({ apiKeyId: trader.id, title: 'renamed', urls: [] }), {});
    // the key in force is untouched
    assert.deepEqual(await usdt(signer(withdrawer)), { main_balance: '7' });
    assert.equal(((await lesser.subAccountApiKeyReset({ apiKeyId: trader.id })) as Key).type, 1);
    await main.subAccountApiKeyDelete({ apiKeyId: withdrawer.id });
    await main.subAccountApiKeyDelete({ apiKeyId: trader.id });
  });

  it('refuses bad fields, and sub-accounts that are not the caller own', async () => {
    await fails(
      main.privatePost(`${K}/create`, {}),
      400,
      invalid({
        type: ['The type field is required.'],
        subAccountId: ['The subAccountId field is required.'],
        title: ['The title field is required.'],
      }),
    );
    await fails(
      main.privatePost(`${K}/create`, { type: 3, subAccountId: 7, title: 'x'.repeat(65) }),
      400,
      invalid({
        type: ['The selected type is invalid.'],
        subAccountId: ['The subAccountId must be a string.'],
        title: ['The title may not be greater than 64 characters.'],
      }),
    );
    const unknownSub = invalid({ subAccountId: ['The selected subAccountId is invalid.'] });
    await fails(create('nope'), 400, unknownSub);
    await fails(create(sub, 'x', 1, other), 400, unknownSub);
    await fails(other.subAccountApiKeyList({ subAccountId: sub }), 400, unknownSub);
    await fails(
      main.subAccountApiKeyList({ limit: 0, offset: 'x' }),
      400,
      invalid({ limit: ['The limit must be between 1 and 100.'], offset: ['The offset must be an integer.'] }),
    );
    for (const path of ['delete', 'reset', 'ip-address/list']) {
      await fails(
        main.privatePost(`${K}/${path}`, {}),
        400,
        invalid({ apiKeyId: ['The apiKeyId field is required.'] }),
      );
    }
  });

  it('lists newest first, paged, secrets left out; without subAccountId every sub-account of the caller', async () => {
    const lister = await newSub(main, 'lister');
    const made = [await create(lister, 'one'), await create(lister, 'two'), await create(lister, 'three')];
    const page = (await main.subAccountApiKeyList({ subAccountId: lister })) as Page;
    assert.deepEqual([page.offset, page.limit], [0, 100]);
    assert.deepEqual(
      page.data.map((k) => k.title),
      ['three', 'two', 'one'],
    );
    assert.deepEqual(page.data[2], { ...made[0], apiSecret: '', type: '1' });
    const second = (await main.subAccountApiKeyList({ subAccountId: lister, limit: 1, offset: '1' })) as Page;
    assert.deepEqual(
      second.data.map((k) => k.title),
      ['two'],
    );
    const all = (await main.subAccountApiKeyList({})) as Page;
    assert.deepEqual(new Set(all.data.map((k) => k.subAccountId)), new Set([sub, lister]));
    assert.deepEqual(await other.subAccountApiKeyList({}), { offset: 0, limit: 100, data: [] });
    // a blocked sub-account's keys sign nothing, and the list says so
    await main.privatePost(`${P}/block`, { id: lister });
    const blocked = (await main.subAccountApiKeyList({ subAccountId: lister })) as Page;
    assert.deepEqual(
      blocked.data.map((k) => k.isEnabled),
      [false, false, false],
    );
    await main.privatePost(`${P}/unblock`, { id: lister });
  });

  it('resets: a new pair under the same id; the old secret is refused at once and its streams close', async () => {
    const key = await create(sub, 'resettable');
    const old = signer(key);
    const ws = await WsTestClient.connect(server.url);
    const { websocket_token: token } = await old.websocketToken();
    assert.equal((await ws.request('authorize', [token, 'public'])).error, null);
    const fresh = (await main.subAccountApiKeyReset({ apiKeyId: key.id })) as Key;
    assert.deepEqual(fresh, { ...key, apiKey: fresh.apiKey, apiSecret: fresh.apiSecret });
    assert.notEqual(fresh.apiKey, key.apiKey);
    assert.notEqual(fresh.apiSecret, key.apiSecret);
    assert.equal((await ws.closed).code, 4003);
    await fails(usdt(old), 401, UNAUTHORIZED);
    assert.deepEqual(await usdt(signer(fresh)), { main_balance: '7' });
    const listed = (await main.subAccountApiKeyList({ subAccountId: sub })) as Page;
    assert.deepEqual(
      listed.data.filter((k) => k.id === key.id).map((k) => k.apiKey),
      [fresh.apiKey],
    );
    await fails(other.subAccountApiKeyReset({ apiKeyId: key.id }), 404, NOT_FOUND);
    await fails(main.subAccountApiKeyReset({ apiKeyId: 'nope' }), 404, NOT_FOUND);
  });

  it('deletes: the key signs nothing more, its streams close, and it is gone from every route', async () => {
    const key = await create(sub, 'doomed');
    const bot = signer(key);
    const ws = await WsTestClient.connect(server.url);
    assert.equal((await ws.request('authorize', [(await bot.websocketToken()).websocket_token, 'public'])).error, null);
    await fails(other.subAccountApiKeyDelete({ apiKeyId: key.id }), 404, NOT_FOUND);
    assert.deepEqual(await main.subAccountApiKeyDelete({ apiKeyId: key.id }), {});
    assert.equal((await ws.closed).code, 4003);
    await fails(usdt(bot), 401, UNAUTHORIZED);
    const listed = (await main.subAccountApiKeyList({ subAccountId: sub })) as Page;
    assert.equal(
      listed.data.some((k) => k.id === key.id),
      false,
    );
    await fails(main.subAccountApiKeyDelete({ apiKeyId: key.id }), 404, NOT_FOUND);
    await fails(main.subAccountApiKeyIpAddressList({ apiKeyId: key.id }), 404, NOT_FOUND);
  });

  it('holds at most 50 keys per sub-account; a deleted one frees its place', async () => {
    const full = await newSub(main, 'full');
    const keys: Key[] = [];
    for (let i = 0; i < 50; i++) keys.push(await create(full, `k${i}`));
    const limit = { code: 5, message: 'Limit of API keys is reached. Maximum allowed: 50', errors: {} };
    await fails(create(full, 'k50'), 400, limit);
    // the limit is per sub-account
    assert.equal((await create(sub, 'elsewhere')).title, 'elsewhere');
    await main.subAccountApiKeyDelete({ apiKeyId: keys[0]!.id });
    assert.equal((await create(full, 'k50')).title, 'k50');
    await fails(create(full, 'k51'), 400, limit);
  });

  it('keeps keys, titles, settings and allow-lists across a restart; revoked pairs stay revoked', async () => {
    const durable = await newSub(main, 'durable');
    const key = await create(durable, 'lasting');
    const urls = [{ url: '/api/v4/main-account/balance', enable: true }];
    await main.subAccountApiKeyEdit({ apiKeyId: key.id, title: 'lasting 2', urls });
    await main.subAccountApiKeyIpAddressCreate({ apiKeyId: key.id, ip: '127.0.0.1' });
    const gone = await create(durable, 'gone');
    await main.subAccountApiKeyDelete({ apiKeyId: gone.id });
    const before = (await main.subAccountApiKeyList({ subAccountId: durable })) as Page;
    await server.restart();
    main = server.client(mainKey.apiKey, mainKey.apiSecret);
    const listed = (await main.subAccountApiKeyList({ subAccountId: durable })) as Page;
    assert.deepEqual(
      listed.data.map((k) => ({ ...k, lastActivity: 0 })),
      before.data.map((k) => ({ ...k, lastActivity: 0 })),
    );
    assert.deepEqual(await main.subAccountApiKeyIpAddressList({ apiKeyId: key.id }), {
      data: ['127.0.0.1'],
    });
    assert.deepEqual(await usdt(signer(key)), { main_balance: '0' });
    await fails(usdt(signer(gone)), 401, UNAUTHORIZED);
  });

  it('every route counts in the sub-account group, 1000 per 10 s', () => {
    const routes = Object.values(CONTRACTS).filter((c) => c.path.startsWith(`${K}/`));
    assert.equal(routes.length, 8);
    for (const c of routes) assert.deepEqual(c.rateLimit, RATE_LIMITS.subAccount, c.path);
  });
});
