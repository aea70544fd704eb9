import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { RATE_LIMITS, TxcError, type Permission, type TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';

const CODES = '/api/v4/main-account/codes';
const APPLY = '/api/v4/main-account/codes/apply';
const MY = '/api/v4/main-account/codes/my';
const HISTORY = '/api/v4/main-account/codes/history';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** A signed POST, answered with its status and body whether it succeeded or not. */
async function post(client: TxcClient, path: string, body: Record<string, unknown> = {}): Promise<Answer> {
  try {
    const answer = await client.privatePost(path, body);
    return { status: path === CODES || path === APPLY ? 201 : 200, body: answer };
  } catch (e) {
    if (e instanceof TxcError) return { status: e.status, body: e.body };
    throw e;
  }
}

const invalid = (errors: Record<string, string[]>): Answer => ({
  status: 400,
  body: { code: 0, message: 'Validation failed', errors },
});
const inner = (code: number, errors: Record<string, string[]>): Answer => ({
  status: 422,
  body: { code, message: 'Inner validation failed', errors },
});

describe('codes (main-account/codes, apply, my, history)', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;
  let carol: TxcClient;

  /** Every main balance of the three users, to check that a refusal moved nothing. */
  const balances = async (): Promise<unknown[]> => Promise.all([alice, bob, carol].map((c) => c.mainBalances()));

  before(async () => {
    server = await TestServer.start();
    alice = (await server.user('alice', { deposits: { USDT: '1000', USD: '50' } })).client;
    bob = (await server.user('bob')).client;
    carol = (await server.user('carol')).client;
  });
  after(() => server.stop());

  let created: { code: string; message: string; external_id: string };

  it('creating a code holds its amount out of the main balance', async () => {
    const answer = await post(alice, CODES, { ticker: 'USDT', amount: '100.5', passphrase: 'Open$esame1' });
    assert.equal(answer.status, 201);
    created = answer.body as typeof created;
    assert.deepEqual(Object.keys(created), ['code', 'message', 'external_id']);
    assert.match(created.code, /^WB[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}USDT$/);
    assert.equal(created.message, 'Code was successfully created');
    assert.match(created.external_id, UUID);
    assert.deepEqual(await alice.mainBalance('USDT'), { main_balance: '899.5' });
    const my = await post(alice, MY);
    assert.equal(my.status, 200);
    const { data, ...page } = my.body as { data: { date: number }[] };
    assert.deepEqual(page, { total: 1, limit: 30, offset: 0 });
    assert.ok(Math.abs((data[0]?.date ?? 0) - Date.now() / 1000) < 600);
    assert.deepEqual(
      { ...data[0], date: 0 },
      {
        amount: '100.5',
        code: created.code,
        date: 0,
        status: 'active',
        ticker: 'USDT',
        external_id: created.external_id,
      },
    );
  });

  it("applying: an unknown code, a wrong passphrase and one's own code are refused and move nothing", async () => {
    const before = await balances();
    const incorrect = invalid({ code: ['Incorrect code or passphrase'] });
    assert.deepEqual(await post(bob, APPLY, { code: created.code }), incorrect);
    assert.deepEqual(await post(bob, APPLY, { code: created.code, passphrase: 'open$esame1' }), incorrect);
    assert.deepEqual(await post(bob, APPLY, { code: `${created.code}X`, passphrase: 'Open$esame1' }), incorrect);
    assert.deepEqual(await post(bob, APPLY, { code: 'WBnot-a-code' }), incorrect);
    assert.deepEqual(
      await post(alice, APPLY, { code: created.code, passphrase: 'Open$esame1' }),
      invalid({ code: ['This code was created by you'] }),
    );
    assert.deepEqual(await post(bob, APPLY, {}), invalid({ code: ['The code field is required.'] }));
    assert.deepEqual(
      await post(bob, APPLY, { code: 5, passphrase: 'p'.repeat(26) }),
      invalid({
        code: ['The code must be a string.'],
        passphrase: ['The passphrase may not be greater than 25 characters.'],
      }),
    );
    assert.deepEqual(await balances(), before);
  });

  it('the code applies once: the amount goes to the applier; a second application is refused', async () => {
    const answer = await post(bob, APPLY, { code: created.code, passphrase: 'Open$esame1' });
    assert.deepEqual(answer, {
      status: 201,
      body: {
        message: 'Code was successfully applied',
        ticker: 'USDT',
        amount: '100.5',
        external_id: created.external_id,
      },
    });
    assert.deepEqual(await bob.mainBalance('USDT'), { main_balance: '100.5' });
    assert.deepEqual(await alice.mainBalance('USDT'), { main_balance: '899.5' });
    const before = await balances();
    const applied = invalid({ code: ['Code already applied'] });
    assert.deepEqual(await post(bob, APPLY, { code: created.code, passphrase: 'Open$esame1' }), applied);
    assert.deepEqual(await post(carol, APPLY, { code: created.code, passphrase: 'Open$esame1' }), applied);
    // the wrong passphrase on an applied code says no more than on any other
    assert.deepEqual(
      await post(carol, APPLY, { code: created.code }),
      invalid({ code: ['Incorrect code or passphrase'] }),
    );
    assert.deepEqual(await balances(), before);
  });

  it('both histories show it: the creator -amount, the applier +amount, with its status', async () => {
    const entry = (amount: string) => ({
      amount,
      code: created.code,
      date: 0,
      status: 'applied',
      ticker: 'USDT',
      external_id: created.external_id,
    });
    const strip = (a: Answer): unknown => {
      const body = a.body as { data: { date: number }[] };
      return { ...body, data: body.data.map((d) => ({ ...d, date: 0 })) };
    };
    assert.deepEqual(strip(await post(alice, HISTORY)), { total: 1, data: [entry('-100.5')], limit: 30, offset: 0 });
    assert.deepEqual(strip(await post(bob, HISTORY)), { total: 1, data: [entry('+100.5')], limit: 30, offset: 0 });
    assert.deepEqual(strip(await post(alice, MY)), { total: 1, data: [entry('100.5')], limit: 30, offset: 0 });
    assert.deepEqual(await post(bob, MY), { status: 200, body: { total: 0, data: [], limit: 30, offset: 0 } });
    assert.deepEqual(await post(carol, HISTORY), { status: 200, body: { total: 0, data: [], limit: 30, offset: 0 } });
  });

  it('newest first, paged by limit and offset; bad paging answers the documented messages', async () => {
    const second = (await post(bob, CODES, { ticker: 'USDT', amount: '1' })).body as { code: string };
    const third = (await post(bob, CODES, { ticker: 'USDT', amount: '2' })).body as { code: string };
    const codes = async (body: Record<string, unknown>): Promise<string[]> =>
      ((await post(bob, HISTORY, body)).body as { data: { code: string }[] }).data.map((d) => d.code);
    assert.deepEqual(await codes({}), [third.code, second.code, created.code]);
    assert.deepEqual(await codes({ limit: 1, offset: 1 }), [second.code]);
    assert.deepEqual(await codes({ limit: '2', offset: '2' }), [created.code]);
    assert.deepEqual(
      await post(bob, MY, { limit: 101, offset: 10_001 }),
      invalid({
        limit: ['The limit may not be greater than 100.'],
        offset: ['The offset may not be greater than 10000.'],
      }),
    );
    assert.deepEqual(
      await post(bob, HISTORY, { limit: 0, offset: -1 }),
      invalid({ limit: ['The limit must be at least 1.'], offset: ['The offset must be at least 0.'] }),
    );
    assert.deepEqual(
      await post(bob, HISTORY, { limit: 'ten', offset: 1.5 }),
      invalid({ limit: ['The limit must be an integer.'], offset: ['The offset must be an integer.'] }),
    );
  });

  it('creation refusals in the documented words, nothing debited', async () => {
    const before = await balances();
    assert.deepEqual(
      await post(alice, CODES, {}),
      invalid({ ticker: ['The ticker field is required.'], amount: ['The amount field is required.'] }),
    );
    assert.deepEqual(
      await post(alice, CODES, { ticker: 'NOPE', amount: 'ten', passphrase: 7, description: false }),
      invalid({
        ticker: ['The selected ticker is invalid.'],
        amount: ['The amount must be a number.', 'Invalid number'],
        passphrase: ['The passphrase must be a string.'],
        description: ['The description must be a string.'],
      }),
    );
    assert.deepEqual(
      await post(alice, CODES, {
        ticker: 'USDT',
        amount: '0',
        passphrase: 'x'.repeat(26),
        description: 'd'.repeat(281),
      }),
      invalid({
        amount: ['The amount must be at least 0.000001.'],
        passphrase: ['The passphrase may not be greater than 25 characters.'],
        description: ['The description may not be greater than 280 characters.'],
      }),
    );
    assert.deepEqual(
      await post(alice, CODES, { ticker: 'USDT', amount: '1.0000001', passphrase: 'two words' }),
      invalid({
        amount: ['The amount must have no more than 6 decimal places.'],
        passphrase: ['The passphrase format is invalid.'],
      }),
    );
    assert.deepEqual(
      await post(alice, CODES, { ticker: 'USDT', amount: '100000000000000001' }),
      invalid({ amount: ['The amount may not be greater than 100000000000000000.'] }),
    );
    assert.deepEqual(
      await post(alice, CODES, { ticker: 'USDT', amount: '899.500001' }),
      inner(5, { amount: ['Not enough money, Tether US balance = 899.5'] }),
    );
    assert.deepEqual(
      await post(alice, CODES, { ticker: 'USD', amount: '1' }),
      inner(0, { ticker: ['Fiat are available on the front-end only'] }),
    );
    assert.deepEqual(
      await post(alice, CODES, { ticker: 'LUNC', amount: '1' }),
      inner(1, { ticker: ['Currency is not withdrawable'] }),
    );
    assert.deepEqual(await balances(), before);
    assert.equal(((await post(alice, MY)).body as { total: number }).total, 1);
  });

  it('codes and their holds survive a restart', async () => {
    const open = (await post(alice, CODES, { ticker: 'USDT', amount: '9.5' })).body as { code: string };
    await server.restart();
    const [a, c] = [server.client(...(await keyOf('alice'))), server.client(...(await keyOf('carol')))];
    assert.deepEqual(await a.mainBalance('USDT'), { main_balance: '890' });
    assert.deepEqual((await post(c, APPLY, { code: open.code })).status, 201);
    assert.deepEqual(await c.mainBalance('USDT'), { main_balance: '9.5' });
    assert.deepEqual(
      await post(c, APPLY, { code: created.code, passphrase: 'Open$esame1' }),
      invalid({ code: ['Code already applied'] }),
    );
  });

  it('creating a code takes the withdraw permission; applying one and the listings take main-account', async () => {
    const [key, secret] = await keyOf('alice');
    const narrow = server.client(key, secret);
    const refused = await post(narrow, CODES, { ticker: 'USDT', amount: '1' });
    assert.equal(refused.status, 403);
    assert.equal((refused.body as { code: number }).code, 4);
    assert.equal((await post(narrow, MY)).status, 200);
    const withdrawer = server.client(...(await keyOf('alice', ['main-account', 'withdraw'])));
    const open = (await post(withdrawer, CODES, { ticker: 'USDT', amount: '1' })).body as { code: string };
    const [bobKey, bobSecret] = await keyOf('bob');
    assert.equal((await post(server.client(bobKey, bobSecret), APPLY, { code: open.code })).status, 201);
  });

  async function keyOf(name: string, permissions: Permission[] = ['main-account']): Promise<[string, string]> {
    const key = await server.admin('POST', `/admin/v1/users/${name}/api-keys`, { permissions });
    const { apiKey, apiSecret } = key.body as { apiKey: string; apiSecret: string };
    return [apiKey, apiSecret];
  }
});

describe('codes/apply has its own rate limit', () => {
  let server: TestServer;

  before(async () => {
    server = await TestServer.start({ rateLimits: { groups: { 'codes-apply': { limit: 2, windowMs: 600_000 } } } });
  });
  after(() => server.stop());

  it('60 a second by default; past it, the main-account throttle answer, other main-account endpoints unaffected', async () => {
    assert.deepEqual(RATE_LIMITS.codesApply, { group: 'codes-apply', limit: 60, windowMs: 1000 });
    const { client } = await server.user('dave');
    for (let i = 0; i < 2; i++) assert.equal((await post(client, APPLY, { code: 'WBnone' })).status, 400);
    assert.deepEqual(await post(client, APPLY, { code: 'WBnone' }), {
      status: 429,
      body: { code: 0, message: 'Too Many Attempts.', errors: {} },
    });
    assert.equal((await post(client, MY)).status, 200);
    // per key: another user's key has its own allowance
    const { client: erin } = await server.user('erin');
    assert.equal((await post(erin, APPLY, { code: 'WBnone' })).status, 400);
  });
});
