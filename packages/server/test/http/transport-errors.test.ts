import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isPrivateErrorBody } from '../support/fuzz-venue.js';
import { rawGet, rawPost } from '../support/raw-request.js';
import { TestServer } from '../support/test-server.js';

const PATH = '/api/v4/main-account/balance';

describe("the server's own failures answer in the right body family", () => {
  let server: TestServer;
  let apiKey: string;
  let secret: string;

  before(async () => {
    server = await TestServer.start({
      http: {
        bodyLimit: 2048,
        requestTimeoutMs: 10_000,
        keepAliveTimeoutMs: 5000,
        json: { maxDepth: 16, maxStringLength: 4096 },
      },
    });
    ({ apiKey, apiSecret: secret } = await server.user('erin'));
  });
  after(() => server.stop());

  const isPublicBody = (body: unknown): boolean => {
    const b = body as { success?: unknown; message?: unknown; params?: unknown };
    return b.success === false && typeof b.message === 'string' && Array.isArray(b.params) && b.params.length === 0;
  };

  it('malformed JSON on a private route: 400, private family', async () => {
    const r = await rawPost(server.url, PATH, {
      apiKey,
      secret,
      body: '{"request": "/api/v4/main-account/balance", nonce',
    });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { code: 9, message: 'Invalid payload.', errors: {} });
    assert.match(r.contentType ?? '', /application\/json/);
  });

  it('half of a surrogate pair in a string: 400, private family; a whole pair is served', async () => {
    const body = (ticker: string): string =>
      `{"request":"/api/v4/main-account/balance","nonce":${Date.now()},"ticker":"${ticker}"}`;
    for (const half of ['\\ud800', 'x\\udc00y', '\\ud83d\\u0041']) {
      const r = await rawPost(server.url, PATH, { apiKey, secret, body: body(half) });
      assert.equal(r.status, 400, half);
      assert.ok(isPrivateErrorBody(r.body), half);
    }
    const pair = await rawPost(server.url, PATH, { apiKey, secret, body: body('\\ud83d\\ude00') });
    assert.equal(pair.status, 200);
    assert.deepEqual(pair.body, { '\u{1f600}': { main_balance: '0' } });
  });

  it('empty JSON body on a private route: 400, private family', async () => {
    const r = await rawPost(server.url, PATH, { apiKey, secret, body: '' });
    assert.equal(r.status, 400);
    assert.ok(isPrivateErrorBody(r.body));
  });

  it('wrong content type on a private route: 415, private family', async () => {
    const r = await rawPost(server.url, PATH, {
      apiKey,
      secret,
      body: 'ticker=BTC',
      contentType: 'application/x-www-form-urlencoded',
    });
    assert.equal(r.status, 415);
    assert.deepEqual(r.body, { code: 0, message: 'Content-Type must be application/json.', errors: {} });
  });

  it('an oversized body: 413, private family', async () => {
    const body = JSON.stringify({ request: PATH, nonce: Date.now(), pad: 'x'.repeat(4096) });
    const r = await rawPost(server.url, PATH, { apiKey, secret, body });
    assert.equal(r.status, 413);
    assert.deepEqual(r.body, { code: 0, message: 'Request body is too large.', errors: {} });
  });

  it('unknown routes: 404 in the family of their path', async () => {
    const pub = await rawGet(server.url, '/api/v4/public/nothing-here');
    assert.equal(pub.status, 404);
    assert.ok(isPublicBody(pub.body));
    // `/` sends browsers to the dashboard (test/dashboard/dashboard-serving.test.ts); other paths are unknown
    const elsewhere = await rawGet(server.url, '/nothing-here');
    assert.equal(elsewhere.status, 404);
    assert.ok(isPublicBody(elsewhere.body));
    const priv = await rawPost(server.url, '/api/v4/nothing/here', { apiKey, secret, body: '{}' });
    assert.equal(priv.status, 404);
    assert.ok(isPrivateErrorBody(priv.body));
  });

  it('a wrong method: 405 in the family of the path', async () => {
    const r = await rawPost(server.url, '/api/v4/public/ping', { body: '{}' });
    assert.equal(r.status, 405);
    assert.ok(isPublicBody(r.body));
    const g = await rawGet(server.url, PATH);
    assert.equal(g.status, 405);
    assert.ok(isPrivateErrorBody(g.body));
  });

  it('a wrong method on an admin path: 405 in the admin family, with the methods it takes in allow', async () => {
    const send = async (method: string, path: string) => {
      const r = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${server.adminToken}` },
      });
      return { status: r.status, allow: r.headers.get('allow'), body: await r.json() };
    };
    assert.deepEqual(await send('GET', '/admin/v1/states/s1'), {
      status: 405,
      allow: 'DELETE',
      body: { error: 'Method GET is not allowed on /admin/v1/states/s1; it takes DELETE.' },
    });
    assert.deepEqual(await send('PUT', '/admin/v1/faults'), {
      status: 405,
      allow: 'DELETE, GET, HEAD, POST',
      body: { error: 'Method PUT is not allowed on /admin/v1/faults; it takes DELETE, GET, HEAD, POST.' },
    });
    // a path no method takes is still unknown
    assert.deepEqual(await send('GET', '/admin/v1/nothing'), {
      status: 404,
      allow: null,
      body: { error: 'Route GET:/admin/v1/nothing not found.' },
    });
  });

  it('the admin API takes an empty body sent as JSON as no body; malformed JSON stays 400', async () => {
    const send = async (method: string, path: string, body: string): Promise<{ status: number; body: unknown }> => {
      const r = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
        body,
      });
      return { status: r.status, body: await r.json() };
    };
    assert.equal((await server.admin('POST', '/admin/v1/states', { name: 'empty-body' })).status, 201);
    const loaded = await send('POST', '/admin/v1/states/empty-body/load', '');
    assert.equal(loaded.status, 200, JSON.stringify(loaded.body));
    assert.deepEqual(await send('POST', '/admin/v1/reset', ''), {
      status: 409,
      body: { error: 'Reset returns a demo venue to its first state: this venue was not seeded by --demo here.' },
    });
    assert.deepEqual(await send('DELETE', '/admin/v1/states/empty-body', ''), {
      status: 200,
      body: { deleted: 'empty-body' },
    });
    // a route whose body is an optional object: as if it were {}
    const key = await send('POST', '/admin/v1/users/erin/api-keys', '');
    assert.equal(key.status, 201, JSON.stringify(key.body));
    // a route that needs a body says so
    assert.deepEqual(await send('POST', '/admin/v1/users', ''), {
      status: 400,
      body: { error: 'The body must be a JSON object.' },
    });
    assert.deepEqual(await send('POST', '/admin/v1/deposits', '{'), {
      status: 400,
      body: { error: 'Malformed JSON body.' },
    });
  });

  it('a body that is not an object: 400 code 9', async () => {
    const r = await rawPost(server.url, PATH, { apiKey, secret, body: '[1,2,3]' });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { code: 9, message: 'Invalid payload.', errors: {} });
  });

  it('a whole number written with a zero fraction (Python writes 5.0) is that integer; the text "5.0" is not', async () => {
    const signed = (path: string, fields: string) =>
      rawPost(server.url, path, { apiKey, secret, body: `{"request":"${path}","nonce":${Date.now()},${fields}}` });
    const leverage = await signed('/api/v4/collateral-account/leverage', '"leverage":5.0');
    assert.deepEqual([leverage.status, leverage.body], [200, { leverage: 5 }]);
    const orders = await signed('/api/v4/orders', '"market":"BTC_USDT","limit":10.00,"offset":0.0');
    assert.deepEqual([orders.status, orders.body], [200, []]);
    const text = await signed('/api/v4/orders', '"market":"BTC_USDT","limit":"10.0"');
    assert.deepEqual(
      [text.status, text.body],
      [422, { code: 30, message: 'Validation failed', errors: { limit: ['The limit must be an integer.'] } }],
    );
  });

  it('an integer field takes its text with a sign, not with leading zeros (Laravel refuses "05")', async () => {
    const signed = (path: string, fields: string) =>
      rawPost(server.url, path, { apiKey, secret, body: `{"request":"${path}","nonce":${Date.now()},${fields}}` });
    const leverage = await signed('/api/v4/collateral-account/leverage', '"leverage":"05"');
    assert.deepEqual([leverage.status, (leverage.body as { code: number }).code], [422, 30]);
    const signedLeverage = await signed('/api/v4/collateral-account/leverage', '"leverage":"+5"');
    assert.deepEqual([signedLeverage.status, signedLeverage.body], [200, { leverage: 5 }]);
    const orders = await signed('/api/v4/orders', '"market":"BTC_USDT","limit":"010"');
    assert.deepEqual(
      [orders.status, orders.body],
      [422, { code: 30, message: 'Validation failed', errors: { limit: ['The limit must be an integer.'] } }],
    );
    const cancel = await signed('/api/v4/order/cancel', '"market":"BTC_USDT","orderId":"007"');
    assert.deepEqual(
      [cancel.status, cancel.body],
      [422, { code: 30, message: 'Validation failed', errors: { orderId: ['OrderId field should be an integer.'] } }],
    );
  });

  it('duplicate keys, deep nesting and exponent numbers never reach a handler', async () => {
    const dup = await rawPost(server.url, PATH, {
      apiKey,
      secret,
      body: `{"request":"${PATH}","nonce":${Date.now()},"nonce":1}`,
    });
    assert.deepEqual([dup.status, dup.body], [400, { code: 9, message: 'Invalid payload.', errors: {} }]);
    const deep = await rawPost(server.url, PATH, {
      apiKey,
      secret,
      body: `{"request":"${PATH}","nonce":${Date.now()},"x":${'['.repeat(20)}${']'.repeat(20)}}`,
    });
    assert.deepEqual([deep.status, deep.body], [400, { code: 9, message: 'Invalid payload.', errors: {} }]);
    await server.admin('POST', '/admin/v1/users', { name: 'exp' });
    const exp = await fetch(`${server.url}/admin/v1/deposits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: '{"user":"exp","ticker":"BTC","amount":1e-3}',
    });
    assert.equal(exp.status, 400);
    const precise = await fetch(`${server.url}/admin/v1/deposits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: '{"user":"exp","ticker":"BTC","amount":0.1234567890123456789}',
    });
    assert.equal(precise.status, 400);
    const ok = await fetch(`${server.url}/admin/v1/deposits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: '{"user":"exp","ticker":"BTC","amount":0.00010001}',
    });
    assert.equal(ok.status, 201);
    assert.deepEqual(
      ((await server.admin('GET', '/admin/v1/users/exp')).body as { balances: { main: unknown } }).balances.main,
      { BTC: '0.00010001' },
    );
  });
});
