import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { pino } from 'pino';
import type { Config } from '../../src/config/schema.js';
import { TestServer } from '../support/test-server.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';

const noPostgres = await postgresSkipReason();

async function health(server: TestServer): Promise<{ status: number; store: Record<string, unknown> }> {
  const r = await fetch(`${server.url}/health`);
  return { status: r.status, store: ((await r.json()) as { store: Record<string, unknown> }).store };
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) assert.fail(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a group commit the store does not answer (the journal locked by another session)', () => {
  it(
    'is told: /health answers 503 with how long it waits, the log says so, and both clear once it lands',
    { skip: noPostgres },
    async () => {
      const db = await createTestDatabase();
      const lines: string[] = [];
      const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
      const locker = new pg.Client({ connectionString: db.url });
      let server: TestServer | undefined;
      try {
        // the commit's own limit (the request timeout less a second) well past the stall's mark
        server = await TestServer.start(
          { database: db.url, http: { requestTimeoutMs: 20_000 } as Config['http'] },
          undefined,
          { log },
        );
        assert.equal((await health(server)).status, 200);
        await locker.connect();
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE journal IN ACCESS EXCLUSIVE MODE');
        const created = server.admin('POST', '/admin/v1/users', { name: 'waits' });
        const stalled = await until('503 for the waiting commit', 8_000, async () => {
          const h = await health(server!);
          return h.status === 503 ? h : undefined;
        });
        assert.equal(stalled.store.writable, true);
        assert.ok((stalled.store.commitWaitingSeconds as number) >= 5, JSON.stringify(stalled));
        await until('the stall in the log', 2_000, () =>
          Promise.resolve(lines.find((l) => l.includes('a group commit is waiting for the store'))),
        );
        const metrics = await fetch(`${server.url}/metrics`, {
          headers: { authorization: `Bearer ${server.adminToken}` },
        });
        const waited = /^txc_commit_waiting_seconds (\S+)$/m.exec(await metrics.text())?.[1];
        assert.ok(Number(waited) >= 5, `txc_commit_waiting_seconds ${waited}`);
        await locker.query('ROLLBACK');
        assert.equal((await created).status, 201);
        // a batch queued behind the waiting one lands just after it
        const healthy = await until('200 once the store answers', 2_000, async () => {
          const h = await health(server!);
          return h.status === 200 ? h : undefined;
        });
        assert.deepEqual(healthy.store, { kind: 'postgres', reachable: true, writable: true, commitWaitingSeconds: 0 });
        await until('the end of the stall in the log', 2_000, () =>
          Promise.resolve(lines.find((l) => l.includes('the waiting group commit is over'))),
        );
      } finally {
        await locker.end().catch(() => undefined);
        await server?.stop();
        await db.drop();
      }
    },
  );
});
