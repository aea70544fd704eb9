import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { storeUnreachable } from '../../src/store/unreachable.js';
import { ADMIN_URL, createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { SeverableLink } from '../support/severable-link.js';

/** What one query through a fresh pool fails with (the failure, never a result). */
async function failureOf(config: pg.PoolConfig, text: string): Promise<unknown> {
  const pool = new pg.Pool({ max: 1, ...config });
  pool.on('error', () => undefined);
  try {
    await pool.query(text);
  } catch (error) {
    return error;
  } finally {
    await pool.end().catch(() => undefined);
  }
  return assert.fail(`${text} succeeded`);
}

/** A server on loopback that takes connections and never says a word: a PostgreSQL that hangs. */
async function silentServer(): Promise<{ server: Server; url: string }> {
  const sockets: Socket[] = [];
  const server = createServer((s) => sockets.push(s));
  server.on('close', () => sockets.forEach((s) => s.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
}

describe('a store out of reach is told from a fault of the query (503, not 500)', async () => {
  const skip = await postgresSkipReason();
  if (skip !== undefined) {
    it('runs against a real PostgreSQL', { skip }, () => undefined);
    return;
  }
  const servers: Server[] = [];
  after(() => servers.forEach((s) => s.close()));

  it('a database closed to new sessions, or not there, is out of reach; a query of the wrong state is not', async () => {
    const db = await createTestDatabase();
    const name = new URL(db.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      const closed = await failureOf({ connectionString: db.url }, 'select 1');
      assert.equal(storeUnreachable(closed), true, String(closed));
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await db.drop();
      const gone = await failureOf({ connectionString: db.url }, 'select 1');
      assert.equal(storeUnreachable(gone), true, String(gone));
      // the same code from a query is the query's own fault (500)
      const early = await failureOf(
        { connectionString: ADMIN_URL },
        "create temporary sequence early; select currval('early')",
      );
      assert.equal((early as { code?: string }).code, '55000', String(early));
      assert.equal(storeUnreachable(early), false, String(early));
    } finally {
      await admin.end();
      await db.drop();
    }
  });

  it('nothing listening: the connection refused', async () => {
    const { server, url } = await silentServer();
    await new Promise((resolve) => server.close(resolve));
    const error = await failureOf({ connectionString: url }, 'select 1');
    assert.equal(storeUnreachable(error), true, String(error));
  });

  it('a server that never answers: the pool gives up connecting', async () => {
    const { server, url } = await silentServer();
    servers.push(server);
    const error = await failureOf({ connectionString: url, connectionTimeoutMillis: 200 }, 'select 1');
    assert.equal(storeUnreachable(error), true, String(error));
  });

  it('a session ended by the server while its query runs', async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    const pool = new pg.Pool({ connectionString: ADMIN_URL, max: 1, application_name: 'txc-unreachable-test' });
    pool.on('error', () => undefined);
    try {
      const running = pool.query('select pg_sleep(30)').then(
        () => assert.fail('the sleep ended on its own'),
        (error: unknown) => error,
      );
      await new Promise((r) => setTimeout(r, 300));
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'txc-unreachable-test'`,
      );
      const error = await running;
      assert.equal(storeUnreachable(error), true, String(error));
    } finally {
      await admin.end();
      await pool.end().catch(() => undefined);
    }
  });

  it('a statement that outlasts the statement timeout', async () => {
    const error = await failureOf({ connectionString: ADMIN_URL, statement_timeout: 50 }, 'select pg_sleep(5)');
    assert.equal((error as { code?: string }).code, '57014');
    assert.equal(storeUnreachable(error), true);
  });

  it('a server that stops answering mid-query: the client’s own read timeout', async () => {
    const link = await SeverableLink.open(ADMIN_URL);
    const client = new pg.Client({ connectionString: link.through(ADMIN_URL), query_timeout: 200 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      link.stall();
      const error = await client.query('select 1').then(
        () => assert.fail('answered through a stalled link'),
        (e: unknown) => e,
      );
      assert.equal(storeUnreachable(error), true, String(error));
    } finally {
      link.flow();
      await client.end().catch(() => undefined);
      await link.close();
    }
  });

  it('faults of the query itself are not: bad SQL, a missing table, a broken constraint', async () => {
    for (const text of ['selec 1', 'select * from no_such_table', 'select 1 / 0']) {
      const error = await failureOf({ connectionString: ADMIN_URL }, text);
      assert.equal(storeUnreachable(error), false, `${text}: ${String(error)}`);
    }
    assert.equal(storeUnreachable(new TypeError('x is undefined')), false);
    assert.equal(storeUnreachable('ECONNREFUSED'), false);
  });

  it('a failure to connect on every address of a host counts, as does one given as a cause', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    assert.equal(storeUnreachable(new AggregateError([refused], 'connect failed')), true);
    assert.equal(storeUnreachable(new Error('reading deals', { cause: refused })), true);
  });
});
