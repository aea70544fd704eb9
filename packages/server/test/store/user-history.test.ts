import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Migrator } from 'kysely';
import { commitBatch } from '../../src/store/commit-batch.js';
import { migrations } from '../../src/store/migrations/index.js';
import type { ProjectionWrite, Store } from '../../src/store/port.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { USER_HISTORY_CURSORS, userDeals, userFinishedOrders } from '../../src/store/user-history.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';

const USERS = ['alice', 'bob', 'carol'];

/** Both sides of trade `id`: maker and taker of two users in turn, on two markets. */
function dealRows(id: number, selfTrade = false): ProjectionWrite[] {
  return [1, 2].map((role) => ({
    op: 'insert',
    table: 'deals',
    row: {
      trade_id: id,
      role,
      market: id % 2 === 0 ? 'BTC_USDT' : 'ETH_USDT',
      user_name: selfTrade ? 'alice' : USERS[(id + role) % USERS.length],
      account: 'spot',
      order_id: 2 * id + role,
      client_order_id: '',
      side: role === 1 ? 'sell' : 'buy',
      price: '100',
      lots: '1',
      notional: '100',
      fee: '1',
      rpi: 0,
      time: 1_700_000_000_000_000 + id,
    },
  }));
}

/** The order finished by the command journaled as `seq`; ids do not follow seqs (old orders finish late). */
function finishedRow(seq: number): ProjectionWrite {
  const orderId = seq % 2 === 0 ? 1000 - seq : seq;
  return {
    op: 'insert',
    table: 'finished_orders',
    row: {
      order_id: orderId,
      user_name: USERS[seq % USERS.length],
      market: 'BTC_USDT',
      client_order_id: '',
      status: 'FILLED',
      created: seq,
      finished: seq,
      data: `{"id":${orderId}}`,
      seq,
    },
  };
}

let trades = 0;
let seqs = 0;

/** A group commit with `n` trades and `n` finished orders. */
function history(n: number): ProjectionWrite[] {
  const rows: ProjectionWrite[] = [];
  for (let i = 0; i < n; i++) rows.push(...dealRows(++trades), finishedRow(++seqs));
  return rows;
}

/** What the per-user reads answer for `user`, and what the history tables hold of that user. */
async function reads(store: Store, user: string) {
  const deals = await (await userDeals(store, user)).orderBy('trade_id').orderBy('role').execute();
  // the other walk of the keys (PostgreSQL plans it differently) reads the same rows
  const dealsTakenWhole = await (await userDeals(store, user, 'whole')).orderBy('trade_id').orderBy('role').execute();
  const truth = await store.db
    .selectFrom('deals')
    .selectAll()
    .where('user_name', '=', user)
    .orderBy('trade_id')
    .orderBy('role')
    .execute();
  const orders = await (await userFinishedOrders(store, user)).orderBy('order_id').execute();
  const ordersTakenWhole = await (await userFinishedOrders(store, user, 'whole')).orderBy('order_id').execute();
  const finished = await store.db
    .selectFrom('finished_orders')
    .selectAll()
    .where('user_name', '=', user)
    .orderBy('order_id')
    .execute();
  return { deals, dealsTakenWhole, truth, orders, ordersTakenWhole, finished };
}

async function assertEveryRowOnce(store: Store): Promise<void> {
  for (const user of USERS) {
    const r = await reads(store, user);
    assert.ok(r.truth.length > 0 && r.finished.length > 0);
    assert.deepEqual(r.deals, r.truth, `deals of ${user}`);
    assert.deepEqual(r.orders, r.finished, `finished orders of ${user}`);
    assert.deepEqual(r.dealsTakenWhole, r.truth, `deals of ${user}, taken whole`);
    assert.deepEqual(r.ordersTakenWhole, r.finished, `finished orders of ${user}, taken whole`);
  }
}

async function indexed(store: Store): Promise<{ deals: number; orders: number; cursors: string[] }> {
  const count = async (table: 'user_deals' | 'user_finished_orders'): Promise<number> =>
    Number(
      (
        await store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    deals: await count('user_deals'),
    orders: await count('user_finished_orders'),
    cursors: [
      (await store.getMeta(USER_HISTORY_CURSORS.deals)) ?? '',
      (await store.getMeta(USER_HISTORY_CURSORS.finishedOrders)) ?? '',
    ],
  };
}

function userHistoryContract(
  open: () => Promise<{ store: Store; reopen: () => Promise<Store>; cleanup: () => Promise<void> }>,
) {
  let store: Store;
  let reopen: () => Promise<Store>;
  let cleanup: () => Promise<void>;

  before(async () => {
    ({ store, reopen, cleanup } = await open());
    trades = 0;
    seqs = 0;
  });
  after(async () => {
    await store.close();
    await cleanup();
  });

  it('takes in a store migrated with history already written', async () => {
    const migrator = new Migrator({
      db: store.db,
      provider: migrations(store.kind),
      allowUnorderedMigrations: true,
    });
    const { error } = await migrator.migrateTo('0009-admin-audit');
    assert.equal(error, undefined);
    // rows as the earlier schema held them: finished orders without a seq
    for (const write of history(3)) {
      assert.equal(write.op, 'insert');
      const { seq: _seq, ...row } = write.row as Record<string, unknown>;
      await store.db
        .insertInto(write.table as 'deals')
        .values((write.table === 'deals' ? write.row : row) as never)
        .execute();
    }
    await store.migrate();
    assert.deepEqual(await indexed(store), { deals: 6, orders: 3, cursors: ['3', '0'] });
    await assertEveryRowOnce(store);
  });

  it('reads every row once, from the per-user tables up to their cursors and from the tail after', async () => {
    await store.commit(commitBatch({ projections: history(4) }));
    assert.deepEqual(await indexed(store), { deals: 6, orders: 3, cursors: ['3', '0'] });
    await assertEveryRowOnce(store);

    // rows of the batch that carries the catch-up are taken in with the rest
    await store.commit(commitBatch({ projections: history(2), userHistoryCatchUp: true }));
    assert.deepEqual(await indexed(store), { deals: 18, orders: 9, cursors: ['9', '9'] });
    await assertEveryRowOnce(store);

    await store.commit(commitBatch({ projections: history(5) }));
    await assertEveryRowOnce(store);
    // a catch-up with nothing new leaves everything as it was
    await store.commit(commitBatch({ projections: history(1), userHistoryCatchUp: true }));
    await store.commit(commitBatch({ userHistoryCatchUp: true }));
    assert.deepEqual(await indexed(store), { deals: 30, orders: 15, cursors: ['15', '15'] });
    await assertEveryRowOnce(store);
  });

  it('reads every row once when a catch-up lands between reading the cursor and running the query', async () => {
    await store.commit(commitBatch({ projections: history(2) }));
    const deals = await userDeals(store, 'carol');
    const orders = await userFinishedOrders(store, 'carol');
    await store.commit(commitBatch({ userHistoryCatchUp: true }));
    const truth = await reads(store, 'carol');
    assert.deepEqual(await deals.orderBy('trade_id').orderBy('role').execute(), truth.truth);
    assert.deepEqual(await orders.orderBy('order_id').execute(), truth.finished);
  });

  it('filters, orders and pages the union as one table, and answers the same after a restart', async () => {
    await store.commit(commitBatch({ projections: history(3) }));
    const page = async (s: Store) =>
      (
        await (
          await userDeals(s, 'alice')
        )
          .where('market', '=', 'BTC_USDT')
          .orderBy('trade_id', 'desc')
          .limit(3)
          .offset(0)
          .execute()
      ).map((d) => [Number(d.trade_id), d.market, d.user_name]);
    const before = await page(store);
    const all = await store.db
      .selectFrom('deals')
      .select('trade_id')
      .where('user_name', '=', 'alice')
      .where('market', '=', 'BTC_USDT')
      .orderBy('trade_id', 'desc')
      .execute();
    assert.deepEqual(
      before,
      all.slice(0, 3).map((d) => [Number(d.trade_id), 'BTC_USDT', 'alice']),
    );
    // the page crosses the cursor: its newest rows are the tail's
    assert.equal(await store.getMeta(USER_HISTORY_CURSORS.deals), '17');
    assert.ok(before.some(([id]) => (id as number) > 17) && before.some(([id]) => (id as number) <= 17));
    // one order taken in, one in the tail (seqs 10 and 19 finished orders 990 and 19 of bob)
    for (const id of [990, 19]) {
      const found = await (await userFinishedOrders(store, 'bob')).where('order_id', '=', id).execute();
      assert.deepEqual(
        found.map((o) => Number(o.order_id)),
        [id],
      );
    }
    assert.deepEqual(await (await userFinishedOrders(store, 'alice')).where('order_id', '=', 990).execute(), []);

    await store.close();
    store = await reopen();
    assert.deepEqual(await page(store), before);
    await assertEveryRowOnce(store);

    // a user on both sides of a trade (no self-trade prevention): newest trade first, maker first
    await store.commit(commitBatch({ projections: dealRows(++trades, true), userHistoryCatchUp: true }));
    await store.commit(commitBatch({ projections: dealRows(++trades, true) }));
    const newest = await (
      await userDeals(store, 'alice')
    )
      .orderBy('trade_id', 'desc')
      .orderBy('role', 'asc')
      .limit(5)
      .execute();
    assert.deepEqual(
      newest.slice(0, 4).map((d) => [Number(d.trade_id), Number(d.role)]),
      [
        [trades, 1],
        [trades, 2],
        [trades - 1, 1],
        [trades - 1, 2],
      ],
    );
  });
}

describe('per-user history: SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'txc-user-history-'));
  const file = join(dir, 'txc.sqlite');
  userHistoryContract(() =>
    Promise.resolve({
      store: openSqliteStore(file),
      reopen: () => Promise.resolve(openSqliteStore(file)),
      cleanup: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    }),
  );
});

describe('per-user history: PostgreSQL', async () => {
  const skip = await postgresSkipReason();
  if (skip !== undefined) {
    it('runs against a real PostgreSQL', { skip }, () => undefined);
    return;
  }
  userHistoryContract(async () => {
    const db = await createTestDatabase();
    return {
      store: openPostgresStore(db.url),
      reopen: () => Promise.resolve(openPostgresStore(db.url)),
      cleanup: () => db.drop(),
    };
  });
});
