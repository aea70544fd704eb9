import assert from 'node:assert/strict';
import { networkInterfaces } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config/load.js';
import { buildApp } from '../../src/http/app.js';
import { TestServer } from '../support/test-server.js';

describe('admin API (/admin/v1)', () => {
  let server: TestServer;

  before(async () => {
    server = await TestServer.start();
  });
  after(() => server.stop());

  it('creates a user and shows it with every balance kind', async () => {
    assert.deepEqual(await server.admin('POST', '/admin/v1/users', { name: 'henry', eea: true }), {
      status: 201,
      body: { name: 'henry', eea: true },
    });
    assert.deepEqual(await server.admin('GET', '/admin/v1/users/henry'), {
      status: 200,
      body: { name: 'henry', eea: true, balances: { main: {}, spot: {}, collateral: {} } },
    });
    assert.deepEqual((await server.admin('POST', '/admin/v1/users', { name: 'ivy' })).body, {
      name: 'ivy',
      eea: false,
    });
  });

  it('refuses a duplicate user (409), a bad name (400), an unknown user (404)', async () => {
    await server.admin('POST', '/admin/v1/users', { name: 'jack' });
    const dup = await server.admin('POST', '/admin/v1/users', { name: 'jack' });
    assert.equal(dup.status, 409);
    assert.deepEqual(dup.body, { error: 'User jack already exists.' });
    for (const body of [{ name: 'has space' }, { name: '' }, {}, { name: 'ok', eea: 'yes' }, [1]]) {
      const r = await server.admin('POST', '/admin/v1/users', body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(typeof (r.body as { error: unknown }).error, 'string');
    }
    assert.deepEqual(await server.admin('GET', '/admin/v1/users/nobody'), {
      status: 404,
      body: { error: 'User nobody not found.' },
    });
  });

  it('credits deposits, idempotent on (network, txid)', async () => {
    await server.admin('POST', '/admin/v1/users', { name: 'kate' });
    const first = await server.admin('POST', '/admin/v1/deposits', {
      user: 'kate',
      ticker: 'BTC',
      amount: '0.5',
      network: 'BTC',
      txid: 'tx1',
    });
    assert.equal(first.status, 201);
    const id = (first.body as { transactionId: string }).transactionId;
    assert.match(id, /^[0-9a-f-]{36}$/);
    const seq = async (): Promise<number> =>
      ((await server.admin('GET', '/admin/v1/state')).body as { seq: number }).seq;
    const journaled = await seq();
    const again = await server.admin('POST', '/admin/v1/deposits', {
      user: 'kate',
      ticker: 'BTC',
      amount: '0.5',
      network: 'BTC',
      txid: 'tx1',
    });
    assert.deepEqual(again, { status: 201, body: { transactionId: id } });
    // answered from the state: a chain re-scanned after a restart journals nothing for what it saw again
    assert.equal(await seq(), journaled);
    const other = await server.admin('POST', '/admin/v1/deposits', {
      user: 'kate',
      ticker: 'BTC',
      amount: '0.25',
      network: 'BTC',
      txid: 'tx2',
    });
    assert.equal(other.status, 201);
    assert.notEqual((other.body as { transactionId: string }).transactionId, id);
    const shown = await server.admin('GET', '/admin/v1/users/kate');
    assert.deepEqual((shown.body as { balances: { main: unknown } }).balances.main, { BTC: '0.75' });
    const conflict = await server.admin('POST', '/admin/v1/deposits', {
      user: 'kate',
      ticker: 'BTC',
      amount: '9',
      network: 'BTC',
      txid: 'tx1',
    });
    assert.equal(conflict.status, 409);
  });

  it('refuses bad deposits', async () => {
    await server.admin('POST', '/admin/v1/users', { name: 'leo' });
    const cases: [unknown, number][] = [
      [{ user: 'nobody', ticker: 'BTC', amount: '1' }, 404],
      [{ user: 'leo', ticker: 'NOPE', amount: '1' }, 400],
      [{ user: 'leo', ticker: 'BTC', amount: '0' }, 400],
      [{ user: 'leo', ticker: 'BTC', amount: '-1' }, 400],
      [{ user: 'leo', ticker: 'BTC', amount: '1e3' }, 400],
      [{ user: 'leo', ticker: 'BTC', amount: '0.000000001' }, 400],
      [{ user: 'leo', ticker: 'LUNC', amount: '1' }, 409],
      [{ user: 'leo', ticker: 'BTC' }, 400],
    ];
    for (const [body, status] of cases) {
      const r = await server.admin('POST', '/admin/v1/deposits', body);
      assert.equal(r.status, status, JSON.stringify(body));
    }
    const shown = await server.admin('GET', '/admin/v1/users/leo');
    assert.deepEqual((shown.body as { balances: { main: unknown } }).balances.main, {});
  });

  it('refuses amounts and prices of more than 10^18 whole units with the bound named, and keeps serving', async () => {
    await server.admin('POST', '/admin/v1/users', { name: 'huge' });
    const tooMany = '1' + '0'.repeat(78);
    const cases: [string, unknown, string][] = [
      [
        '/admin/v1/deposits',
        { user: 'huge', ticker: 'BTC', amount: tooMany },
        'amount must be at most 1000000000000000000.',
      ],
      [
        '/admin/v1/deposits',
        { user: 'huge', ticker: 'BTC', amount: '1000000000000000000.00000001' },
        'amount must be at most 1000000000000000000.',
      ],
      ['/admin/v1/lending-pool', { ticker: 'USDT', amount: tooMany }, 'amount must be at most 1000000000000000000.'],
      ['/admin/v1/index-prices', { ticker: 'BTC', price: tooMany }, 'price must be at most 1000000000000000000.'],
    ];
    for (const [path, body, error] of cases) {
      assert.deepEqual(await server.admin('POST', path, body), { status: 400, body: { error } }, path);
    }
    const atBound = await server.admin('POST', '/admin/v1/deposits', {
      user: 'huge',
      ticker: 'BTC',
      amount: '1000000000000000000',
    });
    assert.equal(atBound.status, 201);
    assert.equal((await server.admin('GET', '/admin/v1/state')).status, 200);
  });

  it('creates keys (default permissions without withdraw) and revokes them once', async () => {
    await server.admin('POST', '/admin/v1/users', { name: 'mia' });
    const k = await server.admin('POST', '/admin/v1/users/mia/api-keys', {});
    assert.equal(k.status, 201);
    const key = k.body as { apiKey: string; apiSecret: string; permissions: string[]; ips: string[] };
    assert.deepEqual(key.permissions, ['trading', 'main-account', 'mining']);
    assert.deepEqual(key.ips, []);
    assert.equal((await server.admin('POST', '/admin/v1/users/mia/api-keys', { permissions: ['fly'] })).status, 400);
    assert.deepEqual(await server.admin('POST', '/admin/v1/users/mia/api-keys', { permissions: [] }), {
      status: 400,
      body: { error: 'permissions must name at least one of trading, main-account, withdraw, mining.' },
    });
    assert.equal((await server.admin('POST', '/admin/v1/users/nobody/api-keys', {})).status, 404);
    assert.deepEqual(await server.admin('DELETE', `/admin/v1/api-keys/${key.apiKey}`), {
      status: 200,
      body: { revoked: true },
    });
    assert.equal((await server.admin('DELETE', `/admin/v1/api-keys/${key.apiKey}`)).status, 409);
    assert.equal((await server.admin('DELETE', '/admin/v1/api-keys/unknown')).status, 404);
  });

  it('requires the bearer token (401) and answers in the admin family', async () => {
    const r = await server.admin('GET', '/admin/v1/users/mia', undefined, 'wrong-token-wrong-token');
    assert.deepEqual(r, { status: 401, body: { error: 'Missing or invalid admin token.' } });
    const none = await fetch(`${server.url}/admin/v1/users/mia`);
    assert.equal(none.status, 401);
    const unknownRoute = await server.admin('GET', '/admin/v1/nothing');
    assert.equal(unknownRoute.status, 404);
    assert.equal(typeof (unknownRoute.body as { error: unknown }).error, 'string');
    const malformed = await fetch(`${server.url}/admin/v1/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: '{nope',
    });
    assert.equal(malformed.status, 400);
    assert.equal(typeof ((await malformed.json()) as { error: unknown }).error, 'string');
  });

  it('refuses a field the route does not take (400) and a body that is not JSON (415), crediting nothing', async () => {
    await server.admin('POST', '/admin/v1/users', { name: 'typo' });
    const misspelt = await server.admin('POST', '/admin/v1/deposits', {
      user: 'typo',
      ticker: 'USDT',
      amount: '5',
      netwrok: 'TRC20',
    });
    assert.deepEqual(misspelt, {
      status: 400,
      body: { error: 'Unknown field netwrok; this route takes user, ticker, amount, network, txid, address, memo.' },
    });
    const text = await fetch(`${server.url}/admin/v1/deposits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'text/plain' },
      body: JSON.stringify({ user: 'typo', ticker: 'USDT', amount: '5' }),
    });
    assert.deepEqual([text.status, await text.json()], [415, { error: 'Content-Type must be application/json.' }]);
    const user = await server.admin('GET', '/admin/v1/users/typo');
    assert.deepEqual((user.body as { balances: unknown }).balances, { main: {}, spot: {}, collateral: {} });
  });

  it('answers a client on the address the server is bound to: the operator on the same machine', async () => {
    const own = Object.values(networkInterfaces())
      .flat()
      .find((i) => i !== undefined && i.family === 'IPv4' && !i.internal)?.address;
    if (own === undefined) return; // a machine with loopback alone has no such address
    const bound = await TestServer.start({ host: own });
    try {
      const response = await fetch(`http://${own}:${new URL(bound.url).port}/admin/v1/users/nobody`, {
        headers: { authorization: `bearer ${bound.adminToken}` },
      });
      // past the client and token checks (the scheme's case does not matter): the user is unknown
      assert.equal(response.status, 404);
    } finally {
      await bound.stop();
    }
  });

  it('refuses clients from elsewhere (403) unless made public', async () => {
    const { venue, app: live } = server.server;
    const request = {
      method: 'GET',
      url: '/admin/v1/users/mia',
      headers: { authorization: `Bearer ${server.adminToken}` },
    } as const;
    for (const adminPublic of [false, true]) {
      const app = buildApp({
        venue,
        config: loadConfig({ env: {}, flags: { adminPublic } }),
        log: live.log,
        adminToken: server.adminToken,
      });
      const remote = await app.inject({ ...request, remoteAddress: '203.0.113.7' });
      // every address of the loopback interface is this machine
      const locals = await Promise.all(
        ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.9'].map((remoteAddress) =>
          app.inject({ ...request, remoteAddress }),
        ),
      );
      const lookalike = await app.inject({ ...request, remoteAddress: '::ffff:128.0.0.1' });
      await app.close();
      assert.deepEqual(
        locals.map((r) => r.statusCode),
        [200, 200, 200, 200],
      );
      assert.equal(lookalike.statusCode, adminPublic ? 200 : 403);
      if (adminPublic) assert.equal(remote.statusCode, 200);
      else
        assert.deepEqual(
          [remote.statusCode, remote.json()],
          [403, { error: 'The admin API answers clients on this machine only.' }],
        );
    }
  });
});
