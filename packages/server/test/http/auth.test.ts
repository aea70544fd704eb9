import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcError } from '@txc/sdk';
import { ManualClock } from '../support/manual-clock.js';
import { rawPost } from '../support/raw-request.js';
import { TestServer } from '../support/test-server.js';

const PATH = '/api/v4/main-account/balance';

describe('signed private requests (spec §5, reference §1)', () => {
  let server: TestServer;
  let apiKey: string;
  let secret: string;
  const clock = new ManualClock();
  let nonce = Date.now();
  const next = (): number => ++nonce;
  const body = (fields: Record<string, unknown> = {}): string =>
    JSON.stringify({ request: PATH, nonce: next(), ...fields });

  before(async () => {
    server = await TestServer.start({}, undefined, { clock });
    ({ apiKey, apiSecret: secret } = await server.user('alice', { deposits: { BTC: '1.5' } }));
  });
  after(() => server.stop());

  const post = (r: Parameters<typeof rawPost>[2], path = PATH): ReturnType<typeof rawPost> =>
    rawPost(server.url, path, { apiKey, secret, ...r });

  it('accepts a correctly signed request', async () => {
    const r = await post({ body: body({ ticker: 'BTC' }) });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { BTC: { main_balance: '1.5' } });
  });

  it('accepts the nonce as a number or as a numeric string', async () => {
    assert.equal((await post({ body: JSON.stringify({ request: PATH, nonce: String(next()) }) })).status, 200);
    assert.equal((await post({ body: JSON.stringify({ request: PATH, nonce: next() }) })).status, 200);
  });

  it('refuses a request without the key or signature header: 401 code 10', async () => {
    for (const omit of ['apikey', 'signature'] as const) {
      const r = await post({ body: body(), omit: [omit] });
      assert.equal(r.status, 401);
      assert.deepEqual(r.body, { code: 10, message: 'Unauthorized request.', errors: {} });
    }
  });

  it('refuses a missing payload header: 400 code 9', async () => {
    const r = await post({ body: body(), omit: ['payload'] });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { code: 9, message: 'Payload not provided.', errors: {} });
  });

  it('refuses an unknown key and a wrong signature: 401 code 10', async () => {
    const unknown = await post({ body: body(), apiKey: 'f'.repeat(32) });
    assert.equal(unknown.status, 401);
    assert.deepEqual(unknown.body, { code: 10, message: 'Unauthorized request.', errors: {} });
    const wrongSecret = await post({ body: body(), secret: 'not-the-secret' });
    assert.equal(wrongSecret.status, 401);
    const garbled = await post({ body: body(), signature: 'zz' });
    assert.equal(garbled.status, 401);
  });

  it('signs over the base64 payload text, lowercase hex (an official client recomputed here)', async () => {
    const text = body();
    const payload = Buffer.from(text).toString('base64');
    const { createHmac } = await import('node:crypto');
    const signature = createHmac('sha512', secret).update(payload).digest('hex');
    const r = await post({ body: text, signature });
    assert.equal(r.status, 200);
    // the same digest in upper case is not what the service computes: refused as a wrong signature
    const again = body();
    const nextPayload = Buffer.from(again).toString('base64');
    const upper = createHmac('sha512', secret).update(nextPayload).digest('hex').toUpperCase();
    const refused = await post({ body: again, signature: upper });
    assert.equal(refused.status, 401);
    assert.deepEqual(refused.body, { code: 10, message: 'Unauthorized request.', errors: {} });
  });

  it('refuses a tampered payload (body differs from what was signed): 400 code 9', async () => {
    const signed = body({ ticker: 'BTC' });
    const sent = signed.replace('"BTC"', '"ETH"');
    const r = await post({ body: sent, payload: signed });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { code: 9, message: 'Invalid payload.', errors: {} });
  });

  it('accepts a body formatted with spaces when it is the same JSON value as the payload', async () => {
    const fields = { request: PATH, nonce: next(), ticker: 'BTC' };
    const r = await post({ body: JSON.stringify(fields, null, 2), payload: JSON.stringify(fields) });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { BTC: { main_balance: '1.5' } });
  });

  it('refuses a `request` naming another path than the one called', async () => {
    const r = await post({ body: JSON.stringify({ request: '/api/v4/trade-account/balance', nonce: next() }) });
    assert.equal(r.status, 401);
    assert.deepEqual(r.body, { code: 10, message: 'Unauthorized request.', errors: {} });
  });

  it('compares `request` with the path as called: a trailing slash must be signed too', async () => {
    const withSlash = `${PATH}/`;
    const unsigned = await post({ body: JSON.stringify({ request: PATH, nonce: next() }) }, withSlash);
    assert.equal(unsigned.status, 401);
    assert.deepEqual(unsigned.body, { code: 10, message: 'Unauthorized request.', errors: {} });
    const signed = await post(
      { body: JSON.stringify({ request: withSlash, nonce: next(), ticker: 'BTC' }) },
      withSlash,
    );
    assert.equal(signed.status, 200);
    assert.deepEqual(signed.body, { BTC: { main_balance: '1.5' } });
    const query = await post({ body: JSON.stringify({ request: PATH, nonce: next(), ticker: 'BTC' }) }, `${PATH}?x=1`);
    assert.equal(query.status, 200);
  });

  it('names a missing request, a missing nonce, a bad nonce and a bad nonceWindow', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ nonce: next() }, 'Request not provided.'],
      [{ request: PATH }, 'Nonce not provided.'],
      [{ request: PATH, nonce: 'abc' }, 'Invalid nonce.'],
      [{ request: PATH, nonce: 1.5 }, 'Invalid nonce.'],
      [{ request: PATH, nonce: next(), nonceWindow: 'yes' }, 'Invalid nonceWindow.'],
    ];
    for (const [fields, message] of cases) {
      const r = await post({ body: JSON.stringify(fields) });
      assert.equal(r.status, 400, message);
      assert.deepEqual(r.body, { code: 9, message, errors: {} });
    }
  });

  it('refuses a nonce that does not exceed the previous one: 429 code 0', async () => {
    const n = next();
    assert.equal((await post({ body: JSON.stringify({ request: PATH, nonce: n }) })).status, 200);
    for (const stale of [n, n - 1]) {
      const r = await post({ body: JSON.stringify({ request: PATH, nonce: stale }) });
      assert.equal(r.status, 429);
      assert.deepEqual(r.body, { code: 0, message: 'Too many requests.', errors: {} });
    }
  });

  it('nonceWindow: accepts out of order within ±5 s, refuses outside it and on reuse', async () => {
    // the window is around the server's now: standing still, it cannot move under the requests, and its edges are exact
    const stoppedAt = performance.now();
    clock.stop();
    try {
      await windowedNonces(clock.nowMs());
    } finally {
      // back in step with real time, where the SDK takes its windowed nonces
      clock.resume();
      clock.advance(performance.now() - stoppedAt);
    }
  });

  async function windowedNonces(now: number): Promise<void> {
    const windowed = (n: number): string => JSON.stringify({ request: PATH, nonce: n, nonceWindow: true });
    assert.equal((await post({ body: windowed(now + 1000) })).status, 200);
    assert.equal((await post({ body: windowed(now - 1000) })).status, 200);
    assert.equal((await post({ body: windowed(now) })).status, 200);
    assert.equal((await post({ body: windowed(now + 5000) })).status, 200);
    assert.equal((await post({ body: windowed(now - 5000) })).status, 200);

    const reused = await post({ body: windowed(now - 1000) });
    assert.equal(reused.status, 429);
    assert.deepEqual(reused.body, { code: 0, message: 'Too many requests.', errors: {} });

    const old = await post({ body: windowed(now - 5001) });
    assert.equal(old.status, 400);
    assert.deepEqual(old.body, {
      code: 0,
      message: 'Your nonce is more than 5 seconds lesser than the current nonce.',
      errors: {},
    });
    const future = await post({ body: windowed(now + 5001) });
    assert.equal(future.status, 400);
    assert.deepEqual(future.body, {
      code: 0,
      message: 'Your nonce is more than 5 seconds greater than the current nonce.',
      errors: {},
    });
  }

  it('the SDK client with nonceWindow signs concurrent requests that all pass', async () => {
    const client = server.client(apiKey, secret, { nonceWindow: true });
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.mainBalance('BTC')));
    assert.ok(answers.every((a) => a.main_balance === '1.5'));
  });

  it('refuses a key without the endpoint permission: 403 code 4', async () => {
    const { client } = await server.user('bob', { permissions: ['trading', 'withdraw'] });
    await assert.rejects(client.mainBalances(), (e: unknown) => {
      assert.ok(e instanceof TxcError);
      assert.equal(e.status, 403);
      assert.deepEqual(e.body, {
        code: 4,
        message: 'This API Key is not authorized to perform this action.',
        errors: {},
      });
      assert.equal(e.kind, 'permissionDenied');
      return true;
    });
  });

  it('refuses a key used from an IP outside its allow-list: code 2', async () => {
    const { client } = await server.user('carol', { ips: ['10.1.2.3'] });
    await assert.rejects(client.mainBalances(), (e: unknown) => {
      assert.ok(e instanceof TxcError);
      assert.equal(e.status, 403);
      assert.deepEqual(e.body, {
        code: 2,
        message: 'This action is unauthorized. Enable your key in API settings',
        errors: {},
      });
      return true;
    });
    const { client: fromHere } = await server.user('carol2', { ips: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] });
    assert.ok(await fromHere.mainBalances());
  });

  it('takes CIDR ranges in an allow-list, and refuses entries that are neither address nor range', async () => {
    const { client } = await server.user('cidr', { ips: ['127.0.0.0/8', '::1/128'] });
    assert.ok(await client.mainBalances());
    const { client: elsewhere } = await server.user('cidr2', { ips: ['10.0.0.0/8'] });
    await assert.rejects(elsewhere.mainBalances(), (e: unknown) => e instanceof TxcError && e.code === 2);
    for (const ips of [['localhost'], ['10.0.0.0/33'], Array.from({ length: 51 }, (_, i) => `10.0.0.${i}`)]) {
      const r = await server.admin('POST', '/admin/v1/users/cidr/api-keys', { ips });
      assert.equal(r.status, 400, JSON.stringify(ips));
    }
  });

  it('refuses a revoked key at once', async () => {
    const { client, apiKey: key } = await server.user('dave');
    assert.ok(await client.mainBalances());
    const revoked = await server.admin('DELETE', `/admin/v1/api-keys/${key}`);
    assert.deepEqual(revoked, { status: 200, body: { revoked: true } });
    await assert.rejects(
      client.mainBalances(),
      (e: unknown) => e instanceof TxcError && e.status === 401 && e.code === 10,
    );
  });
});
