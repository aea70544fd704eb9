import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcClient, TxcError } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';

describe('public endpoints', () => {
  let server: TestServer;
  let client: TxcClient;

  before(async () => {
    server = await TestServer.start({ rateLimits: { public: { limit: 2000, windowMs: 10_000 }, groups: {} } });
    client = new TxcClient({ baseUrl: server.url });
  });
  after(() => server.stop());

  it('ping answers ["pong"] (spec §4.2)', async () => {
    assert.deepEqual(await client.ping(), ['pong']);
  });

  it('time answers Unix seconds (reference §4.2)', async () => {
    const { time } = await client.time();
    assert.ok(Number.isInteger(time));
    assert.ok(Math.abs(time - Date.now() / 1000) < 5);
  });

  it('platform status answers "system operational" while the venue takes writes (reference §4.3)', async () => {
    assert.deepEqual(await client.platformStatus(), { status: 'system operational' });
  });

  it('the 2001st public request within 10 s gets 429 in the public family', async () => {
    let ok = 0;
    // 2000 more after the three above would leave no room: count from a fresh window's point of view.
    for (let i = 0; i < 1997; i += 100) {
      const batch = await Promise.allSettled(Array.from({ length: Math.min(100, 1997 - i) }, () => client.ping()));
      ok += batch.filter((r) => r.status === 'fulfilled').length;
    }
    assert.equal(ok, 1997);
    await assert.rejects(client.ping(), (e: unknown) => {
      assert.ok(e instanceof TxcError);
      assert.equal(e.status, 429);
      assert.deepEqual(e.body, { success: false, message: 'Too many requests.', params: [] });
      return true;
    });
  });
});
