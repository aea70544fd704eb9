import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { commitBatch } from '../../src/store/commit-batch.js';
import type { ProjectionWrite, Store } from '../../src/store/port.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { createTestDatabase, postgresSkipReason, type TestDatabase } from '../support/postgres.js';

const batch = commitBatch;

/** Lets the store write again. */
type Release = () => Promise<void>;

interface Opened {
  store: Store;
  reopen: () => Promise<Store>;
  cleanup: () => Promise<void>;
  /** Holds the journal's write lock from another connection: the store's commits wait until released. */
  holdWrites: () => Promise<Release>;
}

/** The one suite every store must pass: what the port promises, whatever the database. */
function contract(open: () => Promise<Opened>): void {
  let store: Store;
  let reopen: () => Promise<Store>;
  let cleanup: () => Promise<void>;
  let holdWrites: () => Promise<Release>;

  before(async () => {
    ({ store, reopen, cleanup, holdWrites } = await open());
    await store.migrate();
    await store.migrate(); // idempotent
  });
  after(async () => {
    await store.close();
    await cleanup();
  });

  it('starts empty', async () => {
    assert.equal(await store.lastSeq(), 0);
    assert.deepEqual(await store.readJournal(0, 10), []);
    assert.equal(await store.latestSnapshot(), undefined);
    assert.deepEqual(await store.loadApiKeys(), []);
  });

  it('appends journal entries in order and pages through them', async () => {
    const journal = Array.from({ length: 1203 }, (_, i) => ({
      seq: i + 1,
      time: 1_700_000_000_000_000 + i,
      command: `{"n":${i}}`,
    }));
    await store.commit(batch({ journal }));
    assert.equal(await store.lastSeq(), 1203);
    const page = await store.readJournal(1000, 100);
    assert.equal(page.length, 100);
    assert.deepEqual(page[0], { seq: 1001, time: 1_700_000_000_001_000, command: '{"n":1000}' });
    assert.equal((await store.readJournal(1200, 100)).length, 3);
  });

  it('refuses a duplicate seq and writes nothing of the failed batch', async () => {
    const before = await store.lastSeq();
    await assert.rejects(
      store.commit(
        batch({
          journal: [
            { seq: before + 1, time: 1, command: '{}' },
            { seq: 1, time: 1, command: '{}' },
          ],
          meta: new Map([['half', 'written']]),
        }),
      ),
    );
    assert.equal(await store.lastSeq(), before);
    assert.equal(await store.getMeta('half'), undefined);
  });

  it('takes commits before the earlier ones are durable, and settles them in call order', async () => {
    const before = await store.lastSeq();
    const settled: number[] = [];
    const commits = [1, 2, 3].map((n) =>
      store
        .commit(batch({ journal: [{ seq: before + n, time: n, command: `{"n":${n}}` }] }))
        .then(() => settled.push(n)),
    );
    await Promise.all(commits);
    assert.deepEqual(settled, [1, 2, 3]);
    assert.equal(await store.lastSeq(), before + 3);
  });

  it('is idle only while it writes nothing', async () => {
    assert.equal(store.idle(), true);
    const before = await store.lastSeq();
    // held, so that a commit cannot be over before it is looked at
    const release = await holdWrites();
    let first: Promise<void>;
    let second: Promise<void>;
    try {
      first = store.commit(batch({ journal: [{ seq: before + 1, time: 1, command: '{}' }] }));
      assert.equal(store.idle(), false);
      second = store.commit(batch({ journal: [{ seq: before + 2, time: 2, command: '{}' }] }));
      await sleep(50);
      assert.equal(store.idle(), false);
    } finally {
      // released whatever happened: the tests after this one write too
      await release();
    }
    await first;
    await second;
    assert.equal(store.idle(), true);
  });

  it('refuses the commits handed over behind one that fails, then takes commits again', async () => {
    const before = await store.lastSeq();
    const failing = store.commit(batch({ journal: [{ seq: 1, time: 1, command: '{}' }] }));
    const behind = store.commit(
      batch({ journal: [{ seq: before + 1, time: 1, command: '{}' }], meta: new Map([['behind', 'x']]) }),
    );
    await assert.rejects(failing);
    await assert.rejects(behind);
    assert.equal(await store.lastSeq(), before);
    assert.equal(await store.getMeta('behind'), undefined);
    await store.commit(batch({ journal: [{ seq: before + 1, time: 1, command: '{}' }] }));
    assert.equal(await store.lastSeq(), before + 1);
  });

  it('stores half of a surrogate pair as U+FFFD, as a parameter of either driver is sent', async () => {
    const before = await store.lastSeq();
    await store.commit(batch({ journal: [{ seq: before + 1, time: 1, command: '{"memo":"a\ud800b"}' }] }));
    const [entry] = await store.readJournal(before, 1);
    assert.equal(entry?.command, '{"memo":"a\ufffdb"}');
  });

  it('keeps API keys, nonce high-water marks and window nonces', async () => {
    const key = {
      apiKey: 'k1',
      sealedSecret: 'txc1.0123456789abcdef.c2VhbGVk',
      user: 'u',
      permissions: ['trading'] as const,
      ips: ['127.0.0.1'],
      createdAt: 1,
      revokedAt: null,
    };
    await store.commit(
      batch({ apiKeys: [{ ...key, permissions: [...key.permissions] }], nonces: new Map([['k1', 42]]) }),
    );
    await store.commit(
      batch({
        nonces: new Map([['k1', 43]]),
        windowNonces: [
          { apiKey: 'k1', nonce: 5000 },
          { apiKey: 'k1', nonce: 100 },
        ],
        windowNonceFloor: 0,
      }),
    );
    await store.commit(
      batch({
        apiKeys: [{ ...key, permissions: ['trading'], revokedAt: 99 }],
        windowNonces: [{ apiKey: 'k1', nonce: 6000 }],
        windowNonceFloor: 1000,
      }),
    );
    const keys = await store.loadApiKeys();
    assert.deepEqual(keys, [{ record: { ...key, permissions: ['trading'], revokedAt: 99 }, nonceHighWater: 43 }]);
    assert.deepEqual((await store.loadWindowNonces(0)).map((w) => w.nonce).sort(), [5000, 6000]);
    assert.deepEqual(
      (await store.loadWindowNonces(5500)).map((w) => w.nonce),
      [6000],
    );
  });

  it('keeps exact amounts beyond 2^64 and snapshots', async () => {
    const huge = (2n ** 80n + 12345n).toString();
    await store.commit(
      batch({
        projections: [
          {
            op: 'insert',
            table: 'wallet_transactions',
            row: {
              transaction_id: 't1',
              user_name: 'u',
              method: 1,
              ticker: 'BTC',
              amount: huge,
              fee: '0',
              network: null,
              address: null,
              memo: null,
              transaction_hash: null,
              unique_id: null,
              status: 3,
              created_at: 1_700_000_000_000_001,
              updated_at: 1_700_000_000_000_001,
              details: null,
            },
          },
          { op: 'update', table: 'wallet_transactions', set: { status: 4 }, where: { transaction_id: 't1' } },
        ],
      }),
    );
    const row = await store.db
      .selectFrom('wallet_transactions')
      .selectAll()
      .where('transaction_id', '=', 't1')
      .executeTakeFirstOrThrow();
    assert.equal(String(row.amount), huge);
    assert.equal(row.status, 4);
    assert.equal(Number(row.created_at), 1_700_000_000_000_001);
    await store.saveSnapshot({ seq: 7, time: 8, state: '{"s":1}', hash: 'h7' }, 2);
    await store.saveSnapshot({ seq: 9, time: 10, state: '{"s":2}', hash: 'h9' }, 2);
    assert.deepEqual(await store.latestSnapshot(), { seq: 9, time: 10, state: '{"s":2}', hash: 'h9' });
  });

  it("writes a projection's upserts: each key holds its last row, in one commit or in commits merged", async () => {
    const before = await store.lastSeq();
    const candle = (openTime: number, close: string): ProjectionWrite => ({
      op: 'upsert',
      table: 'candles',
      key: ['market', 'interval_s', 'open_time'],
      row: {
        market: 'BTC_USDT',
        interval_s: 60,
        open_time: openTime,
        open: '1',
        close,
        high: '9',
        low: '0.5',
        volume_stock: close,
        volume_money: '12.000000001',
      },
    });
    const journal = (n: number) => [{ seq: before + n, time: n, command: '{}' }];
    await store.commit(
      batch({ journal: journal(1), projections: [candle(60, '2'), candle(120, '3'), candle(60, '4')] }),
    );
    // handed over together, so that a store may write them in one transaction
    await Promise.all([
      store.commit(batch({ journal: journal(2), projections: [candle(120, '5')] })),
      store.commit(batch({ journal: journal(3), projections: [candle(120, '6'), candle(180, '7')] })),
    ]);
    const rows = await store.db
      .selectFrom('candles')
      .select(['open_time', 'close', 'volume_money'])
      .orderBy('open_time')
      .execute();
    assert.deepEqual(
      rows.map((r) => [Number(r.open_time), r.close, r.volume_money]),
      [
        [60, '4', '12.000000001'],
        [120, '6', '12.000000001'],
        [180, '7', '12.000000001'],
      ],
    );
  });

  it('keeps only the latest snapshots it is asked to keep', async () => {
    for (const seq of [11, 12, 13])
      await store.saveSnapshot({ seq, time: seq, state: `{"s":${seq}}`, hash: `h${seq}` }, 2);
    const seqs = await store.db.selectFrom('snapshots').select('seq').orderBy('seq').execute();
    assert.deepEqual(
      seqs.map((r) => Number(r.seq)),
      [12, 13],
    );
    assert.equal((await store.latestSnapshot())?.seq, 13);
  });

  it('replaces a sealed secret when a key is written again (re-sealing after an upgrade)', async () => {
    const key = {
      apiKey: 'k2',
      sealedSecret: 'plaintext-from-an-old-version',
      user: 'u',
      permissions: ['trading' as const],
      ips: [],
      createdAt: 1,
      revokedAt: null,
    };
    await store.commit(batch({ apiKeys: [key] }));
    await store.commit(batch({ apiKeys: [{ ...key, sealedSecret: 'txc1.0123456789abcdef.bmV3' }] }));
    const stored = (await store.loadApiKeys()).find((k) => k.record.apiKey === 'k2');
    assert.equal(stored?.record.sealedSecret, 'txc1.0123456789abcdef.bmV3');
  });

  it('appends admin audit lines in commit order and refuses to change or delete them', async () => {
    const line = {
      requestId: 'r1',
      actor: 'admin-api',
      ip: '127.0.0.1',
      action: 'POST /admin/v1/users',
      target: '/admin/v1/users',
    };
    await store.commit(
      batch({
        audit: [
          { ...line, stage: 'request', time: 1, body: '{"name":"a"}', status: null },
          { ...line, stage: 'response', time: 2, body: null, status: 201 },
        ],
      }),
    );
    await store.commit(
      batch({ audit: [{ ...line, requestId: 'r2', stage: 'request', time: 3, body: null, status: null }] }),
    );
    const rows = await store.db.selectFrom('admin_audit').selectAll().orderBy('id').execute();
    assert.deepEqual(
      rows.map((r) => [r.request_id, r.stage, Number(r.time), r.body, r.status === null ? null : Number(r.status)]),
      [
        ['r1', 'request', 1, '{"name":"a"}', null],
        ['r1', 'response', 2, null, 201],
        ['r2', 'request', 3, null, null],
      ],
    );
    assert.ok(Number(rows[0]!.id) < Number(rows[1]!.id) && Number(rows[1]!.id) < Number(rows[2]!.id));
    await assert.rejects(
      store.db.updateTable('admin_audit').set({ status: 200 }).where('request_id', '=', 'r1').execute(),
      /append-only/,
    );
    await assert.rejects(store.db.deleteFrom('admin_audit').execute(), /append-only/);
    assert.equal((await store.db.selectFrom('admin_audit').selectAll().execute()).length, 3);
  });

  it('answers a ping and a write probe, which leaves the journal alone', async () => {
    const seq = await store.lastSeq();
    await store.ping();
    await store.probeWrite();
    await store.probeWrite();
    assert.equal(await store.lastSeq(), seq);
  });

  it('everything committed survives closing and reopening', async () => {
    const seq = await store.lastSeq();
    await store.commit(batch({ meta: new Map([['k', 'v']]) }));
    await store.close();
    store = await reopen();
    assert.equal(await store.lastSeq(), seq);
    assert.equal(await store.getMeta('k'), 'v');
  });
}

describe('store contract: SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'txc-store-'));
  const file = join(dir, 'txc.sqlite');
  contract(() =>
    Promise.resolve({
      store: openSqliteStore(file),
      reopen: () => Promise.resolve(openSqliteStore(file)),
      cleanup: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
      holdWrites: () => {
        const other = new Database(file);
        other.exec('BEGIN IMMEDIATE');
        return Promise.resolve(() => {
          other.exec('ROLLBACK');
          other.close();
          return Promise.resolve();
        });
      },
    }),
  );
});

describe('store contract: PostgreSQL', async () => {
  const skip = await postgresSkipReason();
  if (skip !== undefined) {
    it('runs against a real PostgreSQL', { skip }, () => undefined);
    return;
  }
  let db: TestDatabase;
  contract(async () => {
    db = await createTestDatabase();
    return {
      store: openPostgresStore(db.url),
      reopen: () => Promise.resolve(openPostgresStore(db.url)),
      cleanup: () => db.drop(),
      holdWrites: async () => {
        const other = new pg.Client({ connectionString: db.url });
        await other.connect();
        await other.query('BEGIN');
        await other.query('LOCK TABLE journal IN EXCLUSIVE MODE');
        return async () => {
          await other.query('ROLLBACK');
          await other.end();
        };
      },
    };
  });
});
