import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TEST_STORE, TestServer } from '../support/test-server.js';

describe('GET /health', () => {
  let server: TestServer;
  before(async () => {
    // A tight public limit: health checks must never count against it.
    server = await TestServer.start({ rateLimits: { public: { limit: 3, windowMs: 60_000 }, groups: {} } });
  });
  after(() => server.stop());

  const health = async (): Promise<{ status: number; body: Record<string, unknown>; cache: string | null }> => {
    const r = await fetch(`${server.url}/health`);
    return {
      status: r.status,
      body: (await r.json()) as Record<string, unknown>,
      cache: r.headers.get('cache-control'),
    };
  };

  it('reports the store, the last durable seq and commit, the snapshot and the uptime', async () => {
    const h = await health();
    assert.equal(h.status, 200);
    assert.equal(h.cache, 'no-store');
    assert.deepEqual(Object.keys(h.body).sort(), [
      'lastCommitAt',
      'recovering',
      'seq',
      'snapshotSeq',
      'startedAt',
      'status',
      'store',
      'uptimeSeconds',
    ]);
    assert.equal(h.body.status, 'ok');
    const { commitWaitingSeconds, ...store } = h.body.store as Record<string, unknown>;
    assert.deepEqual(store, { kind: TEST_STORE, reachable: true, writable: true });
    // whole seconds a group commit under way has waited: 0 but for a commit slower than a second
    assert.ok(typeof commitWaitingSeconds === 'number' && commitWaitingSeconds < 5, String(commitWaitingSeconds));
    assert.equal(h.body.recovering, false);
    assert.equal(h.body.seq, server.server.venue.state.seq);
    assert.equal(typeof h.body.uptimeSeconds, 'number');
    assert.match(h.body.startedAt as string, /^\d{4}-\d\d-\d\dT/);
  });

  it('follows the commits', async () => {
    const before = (await health()).body;
    await server.user('hana', { deposits: { BTC: '1' } });
    const now = (await health()).body;
    assert.equal(now.seq, (before.seq as number) + 2, 'a user and a deposit');
    assert.match(now.lastCommitAt as string, /^\d{4}-\d\d-\d\dT/);
  });

  it('is not rate-limited and answers HEAD', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async () => (await fetch(`${server.url}/health`)).status),
    );
    assert.ok(statuses.every((s) => s === 200));
    assert.equal((await fetch(`${server.url}/health`, { method: 'HEAD' })).status, 200);
    const pings = await Promise.all(
      Array.from({ length: 5 }, async () => (await fetch(`${server.url}/api/v4/public/ping`)).status),
    );
    assert.ok(pings.includes(429), 'the public limit is in force meanwhile');
  });

  it('/health/live answers while the process runs, never rate-limited, never cached', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${server.url}/health/live`)));
    assert.ok(answers.every((r) => r.status === 200));
    assert.equal(answers[0]!.headers.get('cache-control'), 'no-store');
    const body = (await answers[0]!.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ['status', 'uptimeSeconds']);
    assert.equal(body.status, 'live');
    assert.equal(typeof body.uptimeSeconds, 'number');
    assert.equal((await fetch(`${server.url}/health/live`, { method: 'HEAD' })).status, 200);
  });
});
