import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Config } from '../../src/config/schema.js';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { TestServer } from '../support/test-server.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { SeverableLink } from '../support/severable-link.js';
import { ThrowawayPostgres, throwawayPostgresSkipReason } from '../support/throwaway-postgres.js';
import { txc } from '../support/txc-cli.js';
import { admin, sign, send, type Actor, type Target } from './traffic.js';

const BALANCE = '/api/v4/main-account/balance';
const HISTORY = '/api/v4/main-account/history';
const PRIVATE_503 = { code: 0, message: 'Service temporarily unavailable, try again later.', errors: {} };
const ADMIN_503 = { error: 'Service temporarily unavailable, try again later.' };

async function fundedActor(target: Target, user: string): Promise<Actor> {
  assert.equal((await admin(target, 'POST', '/admin/v1/users', { name: user })).status, 201);
  assert.equal(
    (await admin(target, 'POST', '/admin/v1/deposits', { user, ticker: 'USDT', amount: '100' })).status,
    201,
  );
  const key = await admin(target, 'POST', `/admin/v1/users/${user}/api-keys`, { permissions: ['main-account'] });
  const { apiKey, apiSecret } = key.body as { apiKey: string; apiSecret: string };
  return { user, apiKey, apiSecret, nonce: Date.now(), transfers: 0, open: [] };
}

const balance = (target: Target, actor: Actor): ReturnType<typeof send> =>
  send(target, sign(actor, BALANCE, { ticker: 'USDT' }));

async function health(target: Target): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${target.url}/health`);
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

/** A ready store's health without its commit wait, checked to be under the mark of a stall. */
function ready(store: unknown): Record<string, unknown> {
  const { commitWaitingSeconds, ...rest } = store as Record<string, unknown>;
  assert.ok(typeof commitWaitingSeconds === 'number' && commitWaitingSeconds < 5, String(commitWaitingSeconds));
  return rest;
}

async function platformStatus(target: Target): Promise<unknown> {
  return (await fetch(`${target.url}/api/v4/public/platform/status`)).json();
}

async function healthyWithin(target: Target, ms: number): Promise<Record<string, unknown>> {
  const until = Date.now() + ms;
  for (;;) {
    const h = await health(target);
    if (h.status === 200) return h.body;
    if (Date.now() > until) assert.fail(`not healthy after ${ms} ms: ${JSON.stringify(h.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One outage, the same on every store: writes and private reads answer 503 in their family while
 * the store is gone, the public API keeps answering (market data with 503), nothing of the refused requests is applied,
 * and the venue takes requests again by itself once the store is back.
 */
async function outage(
  target: Target,
  kind: 'sqlite' | 'postgres',
  breakStore: () => Promise<void>,
  repairStore: () => Promise<void>,
): Promise<void> {
  const actor = await fundedActor(target, 'olga');
  assert.deepEqual((await balance(target, actor)).body, { USDT: { main_balance: '100' } });
  const before = await health(target);
  assert.equal(before.status, 200);
  assert.deepEqual(ready(before.body.store), { kind, reachable: true, writable: true });

  await breakStore();
  if (kind === 'postgres') {
    // before any write has met the outage, a read of the history meets it itself: 503 too, not a fault of the server
    const history = await send(target, sign(actor, HISTORY, {}));
    assert.deepEqual([history.status, history.body], [503, PRIVATE_503], 'a history read');
  }
  // A deposit and a read of the same turn: the read must not show the deposit it shares a commit with.
  const [deposit, read] = await Promise.all([
    admin(target, 'POST', '/admin/v1/deposits', { user: 'olga', ticker: 'USDT', amount: '5' }),
    balance(target, actor),
  ]);
  assert.deepEqual([deposit.status, deposit.body], [503, ADMIN_503]);
  assert.deepEqual([read.status, read.body], [503, PRIVATE_503]);

  const again = await balance(target, actor);
  assert.deepEqual([again.status, again.body], [503, PRIVATE_503], 'private reads wait for the store');
  const shown = await admin(target, 'GET', '/admin/v1/users/olga');
  assert.deepEqual([shown.status, shown.body], [503, ADMIN_503], 'admin reads too');
  const ping = await fetch(`${target.url}/api/v4/public/ping`);
  assert.deepEqual([ping.status, await ping.json()], [200, ['pong']], 'the public API keeps answering');
  // what is in memory may hold what the store refused: market data waits for the store as private reads do
  const markets = await fetch(`${target.url}/api/v4/public/markets`);
  assert.deepEqual(
    [markets.status, await markets.json()],
    [503, { success: false, message: 'Service temporarily unavailable, try again later.', params: [] }],
  );
  assert.deepEqual(await platformStatus(target), { status: 'system maintenance' }, 'the platform says why');
  const down = await health(target);
  assert.equal(down.status, 503);
  assert.equal(down.body.status, 'unavailable');
  assert.equal((down.body.store as { writable: boolean }).writable, false);
  if (kind === 'postgres') assert.equal((down.body.store as { reachable: boolean }).reachable, false);
  // not ready, but alive: a liveness probe must not restart a server that waits for its store
  const live = await fetch(`${target.url}/health/live`);
  assert.deepEqual([live.status, ((await live.json()) as { status: string }).status], [200, 'live']);

  await repairStore();
  const up = await healthyWithin(target, 20_000);
  assert.deepEqual(ready(up.store), { kind, reachable: true, writable: true });
  assert.equal(up.recovering, false);
  assert.deepEqual(await platformStatus(target), { status: 'system operational' });

  assert.deepEqual(
    (await balance(target, actor)).body,
    { USDT: { main_balance: '100' } },
    'the refused deposit left nothing',
  );
  const later = await admin(target, 'POST', '/admin/v1/deposits', { user: 'olga', ticker: 'USDT', amount: '5' });
  assert.equal(later.status, 201);
  assert.deepEqual((await balance(target, actor)).body, { USDT: { main_balance: '105' } });
}

async function replayVerified(dataDir: string, database: string): Promise<void> {
  const r = await txc(['replay', '--verify', '--data-dir', dataDir, '--database', database]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal((JSON.parse(r.stdout) as { verified: boolean }).verified, true, r.stdout);
}

const noPostgres = await postgresSkipReason();

describe('the store becomes unavailable, then returns (DESIGN §3)', () => {
  it(
    'PostgreSQL stopped: 503s, nothing half-applied, recovery by itself',
    { skip: throwawayPostgresSkipReason() },
    async () => {
      const pg = await ThrowawayPostgres.create();
      let server: TestServer | undefined;
      try {
        server = await TestServer.start({ database: pg.url });
        await outage(
          { url: server.url, adminToken: server.adminToken },
          'postgres',
          () => pg.stop(),
          () => pg.start(),
        );
        await server.stop({ keepData: true });
        await replayVerified(server.dataDir, pg.url);
        rmSync(server.dataDir, { recursive: true, force: true });
        server = undefined;
      } finally {
        await server?.stop();
        pg.destroy();
      }
    },
  );

  it(
    'PostgreSQL hangs: a read of the store is answered 503 within the request deadline, then served again',
    { skip: noPostgres },
    async () => {
      const db = await createTestDatabase();
      const link = await SeverableLink.open(db.url);
      let server: TestServer | undefined;
      try {
        server = await TestServer.start({
          database: link.through(db.url),
          http: { requestTimeoutMs: 2_000 } as Config['http'],
        });
        const kline = (): Promise<Response> => fetch(`${server!.url}/api/v1/public/kline?market=BTC_USDT&interval=1m`);
        assert.equal((await kline()).status, 200);
        link.stall();
        const sentAt = performance.now();
        const answer = await kline();
        const took = performance.now() - sentAt;
        assert.deepEqual(
          [answer.status, await answer.json()],
          [503, { success: false, message: 'Service temporarily unavailable, try again later.', params: [] }],
        );
        assert.ok(took < 1_900, `answered within the request deadline, not dropped: ${took} ms`);
        // the admin API's reads of the store too, in its own body
        const auditAt = performance.now();
        const audit = await server.admin('GET', '/admin/v1/audit?limit=2');
        const auditTook = performance.now() - auditAt;
        assert.deepEqual([audit.status, audit.body], [503, ADMIN_503]);
        assert.ok(auditTook < 1_900, `the audit read: ${auditTook} ms`);
        link.flow();
        assert.equal((await kline()).status, 200);
      } finally {
        link.flow();
        await server?.stop();
        await link.close();
        await db.drop();
      }
    },
  );

  it(
    'PostgreSQL hangs during a stop: the stop says what it waits for, and ends once the store answers',
    { skip: noPostgres },
    async () => {
      const db = await createTestDatabase();
      const link = await SeverableLink.open(db.url);
      const dataDir = mkdtempSync(join(tmpdir(), 'txc-stop-in-hang-'));
      let server: ChildServer | undefined;
      try {
        server = await startChildServer({
          dataDir,
          venue: DEMO_VENUE_FILE,
          database: link.through(db.url),
          http: { requestTimeoutMs: 2_000 } as Config['http'],
          postgres: { statementTimeoutMs: 3_000 } as Config['postgres'],
          logLevel: 'warn',
        });
        assert.equal(
          (await admin({ url: server.url, adminToken: server.adminToken }, 'POST', '/admin/v1/users', { name: 'ada' }))
            .status,
          201,
        );
        // the stop's last snapshot waits for the store, which answers nothing
        link.stall();
        const stopped = server.stop();
        const saidAt = performance.now();
        while (!server.logs().includes('still waiting for the store') && performance.now() - saidAt < 15_000) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        assert.match(
          server.logs(),
          /"eachQueryGivesUpAfterMs":8000,"msg":"txc stopping: still waiting for the store to settle/,
        );
        link.flow();
        assert.equal(await stopped, 0, server.logs());
      } finally {
        link.flow();
        await link.close();
        rmSync(dataDir, { recursive: true, force: true });
        await db.drop();
      }
    },
  );

  it(
    'SQLite file unwritable (writes fail with EFBIG: file-size limit 0 on the server process)',
    { skip: hasPrlimit() ? undefined : 'prlimit (util-linux) is not installed' },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'txc-unwritable-'));
      const server = await startChildServer({ dataDir, venue: DEMO_VENUE_FILE, logLevel: 'silent' });
      const fsize = (limit: string): void => {
        execFileSync('prlimit', ['--pid', String(server.pid), `--fsize=${limit}`]);
      };
      try {
        await outage(
          server,
          'sqlite',
          () => Promise.resolve(fsize('0:unlimited')),
          () => Promise.resolve(fsize('unlimited:unlimited')),
        );
        assert.equal(await server.stop(), 0);
        await replayVerified(dataDir, 'sqlite');
      } finally {
        await server.crash();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

function hasPrlimit(): boolean {
  try {
    execFileSync('prlimit', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
