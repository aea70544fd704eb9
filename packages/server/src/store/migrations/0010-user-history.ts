import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { MigrationDialect } from './dialect.js';
import { USER_HISTORY_CURSORS } from '../user-history.js';

/**
 * The per-user history indexes become tables of their own that catch up every few thousand rows
 * (store/user-history.ts) instead of indexes written by every group commit: with many users
 * trading, each commit wrote one leaf of each index per user in it, a third of what it wrote.
 * What was indexed so far is copied, and both cursors start past it.
 */
export function userHistory(d: MigrationDialect): Migration {
  // SQLite: the table is its primary key's B-tree, as the index was (no rowid table beside it)
  const keyOnly = <T extends string>(t: CreateTableBuilder<T>): CreateTableBuilder<T> =>
    d.kind === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t;
  const steps = async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('user_deals')
      .addColumn('user_name', 'text', (c) => c.notNull())
      .addColumn('trade_id', sql.raw(d.int64), (c) => c.notNull())
      .addColumn('role', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_deals_pk', ['user_name', 'trade_id', 'role'])
      .$call(keyOnly)
      .execute();
    await db.schema
      .createTable('user_finished_orders')
      .addColumn('user_name', 'text', (c) => c.notNull())
      .addColumn('order_id', sql.raw(d.int64), (c) => c.notNull())
      .addPrimaryKeyConstraint('user_finished_orders_pk', ['user_name', 'order_id'])
      .$call(keyOnly)
      .execute();
    // The journal seq of the command that finished the order: rows past the cursor are the tail.
    await db.schema.alterTable('finished_orders').addColumn('seq', sql.raw(d.int64)).execute();
    await db.schema.createIndex('finished_orders_by_seq').on('finished_orders').column('seq').execute();

    await sql`insert into user_deals (user_name, trade_id, role) select user_name, trade_id, role from deals`.execute(
      db,
    );
    await sql`insert into user_finished_orders (user_name, order_id) select user_name, order_id from finished_orders`.execute(
      db,
    );
    await sql`insert into meta (key, value) values
        (${USER_HISTORY_CURSORS.deals}, cast((select coalesce(max(trade_id), 0) from deals) as text)),
        (${USER_HISTORY_CURSORS.finishedOrders}, '0')`.execute(db);
    await db.schema.dropIndex('deals_by_user').execute();
    await db.schema.dropIndex('finished_orders_by_user').execute();
  };
  return {
    // This one copies the whole history: interrupted half-way, it must leave nothing behind. Both
    // stores now run migrations in a transaction (sqlite.ts); one run outside any is given its own.
    up: (db) =>
      db.isTransaction ? steps(db) : db.transaction().execute((trx) => steps(trx as unknown as Kysely<unknown>)),
  };
}
