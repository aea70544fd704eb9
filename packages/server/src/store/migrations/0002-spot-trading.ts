import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationDialect } from './dialect.js';

/** Read models of spot trading: every side of every trade, and every finished order. */
export function spotTrading(d: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('deals')
        .addColumn('trade_id', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('role', 'integer', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('order_id', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('client_order_id', 'text', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('price', sql.raw(d.money), (c) => c.notNull())
        .addColumn('lots', sql.raw(d.money), (c) => c.notNull())
        .addColumn('notional', sql.raw(d.money), (c) => c.notNull())
        .addColumn('fee', sql.raw(d.money), (c) => c.notNull())
        .addColumn('rpi', 'integer', (c) => c.notNull())
        .addColumn('time', sql.raw(d.int64), (c) => c.notNull())
        .addPrimaryKeyConstraint('deals_pk', ['trade_id', 'role'])
        .execute();
      await db.schema.createIndex('deals_by_user').on('deals').columns(['user_name', 'time']).execute();
      await db.schema.createIndex('deals_by_order').on('deals').columns(['order_id']).execute();
      await db.schema.createIndex('deals_by_market').on('deals').columns(['market', 'time']).execute();
      await db.schema
        .createTable('finished_orders')
        .addColumn('order_id', sql.raw(d.int64), (c) => c.primaryKey())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('client_order_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('finished', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('finished_orders_by_user')
        .on('finished_orders')
        .columns(['user_name', 'finished'])
        .execute();
    },
  };
}
