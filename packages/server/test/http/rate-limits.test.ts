import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { RATE_LIMITS } from '@txc/sdk';
import { rawPost } from '../support/raw-request.js';
import { BEHIND_LOOPBACK_PROXY, TestServer } from '../support/test-server.js';

const PUBLIC_TOO_MANY = { success: false, message: 'Too many requests.', params: [] };
const PRIVATE_TOO_MANY = { code: 0, message: 'Too many requests.', errors: {} };

async function get(server: TestServer, path: string, ip: string): Promise<{ status: number; body: unknown }> {
  const r = await fetch(`${server.url}${path}`, { headers: { 'x-forwarded-for': ip } });
  return { status: r.status, body: await r.json() };
}

describe('rate limits (reference §3): per IP for public endpoints, per key and group for private ones', () => {
  let server: TestServer;
  let nonce = Date.now();

  before(async () => {
    server = await TestServer.start({
      http: BEHIND_LOOPBACK_PROXY,
      rateLimits: {
        public: { limit: 6, windowMs: 600_000 },
        perIp: { limit: 40, windowMs: 600_000 },
        groups: {
          'public-orderbook': { limit: 2, windowMs: 600_000 },
          'main-account': { limit: 3, windowMs: 600_000 },
          'trade-account': { limit: 2, windowMs: 600_000 },
        },
      },
    });
  });
  after(() => server.stop());

  it('the published figures', () => {
    const published = new Map(Object.values(RATE_LIMITS).map((r) => [r.group, [r.group, r.limit, r.windowMs]]));
    for (const expected of [
      ['public', 2000, 10_000],
      ['public-orderbook', 600, 10_000],
      ['order', 10_000, 10_000],
      ['orders', 12_000, 10_000],
      ['trade-account', 12_000, 10_000],
      ['collateral-read', 12_000, 10_000],
      ['collateral-write', 1000, 10_000],
      ['main-account', 1000, 10_000],
      ['main-account-history', 200, 10_000],
      ['mining', 1000, 10_000],
      ['codes-apply', 60, 1000],
    ] as const) {
      assert.deepEqual(published.get(expected[0]), expected);
    }
  });

  it('public: each client IP has its own allowance; past it, 429 in the public family', async () => {
    for (let i = 0; i < 6; i++) assert.equal((await get(server, '/api/v4/public/ping', '198.51.100.1')).status, 200);
    assert.deepEqual(await get(server, '/api/v4/public/time', '198.51.100.1'), { status: 429, body: PUBLIC_TOO_MANY });
    assert.equal((await get(server, '/api/v4/public/ping', '198.51.100.2')).status, 200);
  });

  it('the order book counts its own tighter limit on top of the public one', async () => {
    const ip = '198.51.100.3';
    for (let i = 0; i < 2; i++) assert.equal((await get(server, '/api/v4/public/orderbook/BTC_USDT', ip)).status, 200);
    assert.deepEqual(await get(server, '/api/v4/public/orderbook/BTC_USDT', ip), {
      status: 429,
      body: PUBLIC_TOO_MANY,
    });
    assert.equal((await get(server, '/api/v4/public/ping', ip)).status, 200);
  });

  it('an IPv6 client counts by its /64', async () => {
    for (let i = 0; i < 6; i++) {
      assert.equal((await get(server, '/api/v4/public/ping', `2001:db8:1:2::${i + 1}`)).status, 200);
    }
    assert.equal((await get(server, '/api/v4/public/ping', '2001:db8:1:2:ffff::9')).status, 429);
    assert.equal((await get(server, '/api/v4/public/ping', '2001:db8:1:3::1')).status, 200);
  });

  it('private: per key and group, counted only once the signature holds; 429 in the private family', async () => {
    const alice = await server.user('alice', { deposits: { BTC: '1' } });
    const bob = await server.user('bob');
    const post = (key: { apiKey: string; apiSecret: string }, path: string, signature?: string) =>
      rawPost(server.url, path, {
        apiKey: key.apiKey,
        secret: key.apiSecret,
        body: JSON.stringify({ request: path, nonce: ++nonce }),
        ...(signature === undefined ? {} : { signature }),
        headers: { 'x-forwarded-for': '198.51.100.10' },
      });
    // Someone without alice's secret cannot spend her allowance.
    for (let i = 0; i < 5; i++) {
      const forged = await post(alice, '/api/v4/main-account/balance', '0'.repeat(128));
      assert.equal(forged.status, 401);
    }
    for (let i = 0; i < 3; i++) assert.equal((await post(alice, '/api/v4/main-account/balance')).status, 200);
    const refused = await post(alice, '/api/v4/main-account/balance');
    // the main-account family throttles in Laravel's words (reference §3.2)
    assert.deepEqual([refused.status, refused.body], [429, { code: 0, message: 'Too Many Attempts.', errors: {} }]);
    assert.equal((await post(alice, '/api/v4/trade-account/balance')).status, 200, 'another group');
    assert.equal((await post(alice, '/api/v4/trade-account/balance')).status, 200);
    const tradeRefused = await post(alice, '/api/v4/trade-account/balance');
    assert.deepEqual([tradeRefused.status, tradeRefused.body], [429, PRIVATE_TOO_MANY]);
    assert.equal((await post(bob, '/api/v4/main-account/balance')).status, 200, 'another key');
  });

  it('private: a request replayed counts for nothing, so whoever saw one cannot spend the key’s allowance', async () => {
    const carol = await server.user('carol');
    const path = '/api/v4/main-account/balance';
    const post = (body: string) =>
      rawPost(server.url, path, {
        apiKey: carol.apiKey,
        secret: carol.apiSecret,
        body,
        headers: { 'x-forwarded-for': '198.51.100.11' },
      });
    const seen = JSON.stringify({ request: path, nonce: ++nonce });
    assert.equal((await post(seen)).status, 200);
    for (let i = 0; i < 5; i++) {
      const replayed = await post(seen);
      assert.deepEqual([replayed.status, replayed.body], [429, { code: 0, message: 'Too many requests.', errors: {} }]);
    }
    // the allowance of 3 is still whole but for the one request served
    for (let i = 0; i < 2; i++)
      assert.equal((await post(JSON.stringify({ request: path, nonce: ++nonce }))).status, 200);
    const past = await post(JSON.stringify({ request: path, nonce: ++nonce }));
    assert.deepEqual([past.status, past.body], [429, { code: 0, message: 'Too Many Attempts.', errors: {} }]);
  });

  it('every request counts against its IP first, whatever it is', async () => {
    const ip = '198.51.100.20';
    // public requests spend the same allowance (their own limit, 6, stops them first)
    for (let i = 0; i < 6; i++) assert.equal((await get(server, '/api/v4/public/ping', ip)).status, 200);
    assert.equal((await get(server, '/api/v4/public/ping', ip)).status, 429);
    let refusedAt = -1;
    for (let i = 0; i < 45 && refusedAt === -1; i++) {
      const r = await rawPost(server.url, '/api/v4/main-account/balance', {
        apiKey: 'nobody',
        secret: 'x',
        body: '{}',
        headers: { 'x-forwarded-for': ip },
      });
      if (r.status === 429) {
        assert.deepEqual(r.body, { code: 0, message: 'Too Many Attempts.', errors: {} });
        refusedAt = i;
      } else assert.equal(r.status, 401);
    }
    assert.equal(refusedAt, 40 - 7);
    // an IP whose private requests spent its allowance is refused public ones too, in the public family
    const other = '198.51.100.21';
    for (let i = 0; i < 40; i++) {
      const r = await rawPost(server.url, '/api/v4/main-account/balance', {
        apiKey: 'nobody',
        secret: 'x',
        body: '{}',
        headers: { 'x-forwarded-for': other },
      });
      assert.equal(r.status, 401);
    }
    assert.deepEqual(await get(server, '/api/v4/public/time', other), { status: 429, body: PUBLIC_TOO_MANY });
  });

  it('unknown routes count against the IP too, and past its allowance answer 429 in their family', async () => {
    const ip = '198.51.100.22';
    for (let i = 0; i < 40; i++) assert.equal((await get(server, '/api/v4/public/nope', ip)).status, 404);
    assert.deepEqual(await get(server, '/api/v4/public/nope', ip), { status: 429, body: PUBLIC_TOO_MANY });
    const unknownPrivate = await rawPost(server.url, '/api/v4/nope', {
      apiKey: 'nobody',
      secret: 'x',
      body: '{}',
      headers: { 'x-forwarded-for': ip },
    });
    assert.deepEqual([unknownPrivate.status, unknownPrivate.body], [429, PRIVATE_TOO_MANY]);
    assert.equal((await get(server, '/api/v4/public/ping', ip)).status, 429);
  });

  it('an untrusted peer cannot pick its IP with X-Forwarded-For', async () => {
    const app = server.server.app;
    const from = (remoteAddress: string, xff: string) =>
      app.inject({ method: 'GET', url: '/api/v4/public/ping', remoteAddress, headers: { 'x-forwarded-for': xff } });
    for (let i = 0; i < 6; i++) assert.equal((await from('203.0.113.50', `10.9.9.${i}`)).statusCode, 200);
    assert.equal((await from('203.0.113.50', '10.9.9.99')).statusCode, 429);
  });
});

describe('the limiter under a flood of distinct clients', () => {
  let server: TestServer;

  before(async () => {
    server = await TestServer.start({
      rateLimits: { public: { limit: 20, windowMs: 600_000 }, groups: {}, maxTrackedClients: 500 },
    });
  });
  after(() => server.stop());

  it('keeps at most its configured counters, and a client that keeps coming stays limited', async () => {
    const app = server.server.app;
    const ping = (remoteAddress: string) => app.inject({ method: 'GET', url: '/api/v4/public/ping', remoteAddress });
    let steadyAccepted = 0;
    let largest = 0;
    for (let i = 0; i < 6000; i++) {
      await ping(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      if (i % 100 === 0 && (await ping('192.0.2.77')).statusCode === 200) steadyAccepted++;
      largest = Math.max(largest, app.rateLimiter.size);
    }
    assert.ok(largest <= 500, `${largest} counters`);
    assert.equal(steadyAccepted, 20);
  });

  it('private keys count apart, and their counters stay bounded too', async () => {
    const venue = server.server.venue;
    await server.admin('POST', '/admin/v1/users', { name: 'many' });
    const keys = Array.from({ length: 600 }, () => venue.createApiKey('many', ['main-account'], []));
    await Promise.all(keys.map((k) => k.durable));
    const path = '/api/v4/main-account/balance';
    const app = server.server.app;
    let largest = 0;
    for (let i = 0; i < keys.length; i += 100) {
      const answers = await Promise.all(
        keys.slice(i, i + 100).map((k, j) => {
          const payload = Buffer.from(JSON.stringify({ request: path, nonce: 1 })).toString('base64');
          return app.inject({
            method: 'POST',
            url: path,
            remoteAddress: `10.200.${i >> 8}.${j}`,
            headers: {
              'content-type': 'application/json',
              'x-txc-apikey': k.record.apiKey,
              'x-txc-payload': payload,
              'x-txc-signature': createHmac('sha512', k.secret).update(payload).digest('hex'),
            },
            payload: JSON.stringify({ request: path, nonce: 1 }),
          });
        }),
      );
      assert.ok(answers.every((a) => a.statusCode === 200));
      largest = Math.max(largest, app.rateLimiter.size);
    }
    assert.ok(largest <= 500, `${largest} counters`);
  });
});
