import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationDialect } from './dialect.js';

/**
 * Read models of perpetual funding: every settlement of a market (the public funding history) and
 * every position's payment (each account's funding history). Rates are signed integers over 10^18,
 * mark prices exact fractions of ticks, amounts minor units of the money asset.
 */
export function funding(d: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('funding_settlements')
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('settled_at', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('period_start', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('rate', sql.raw(d.money), (c) => c.notNull())
        .addColumn('mark_num', sql.raw(d.money), (c) => c.notNull())
        .addColumn('mark_den', sql.raw(d.money), (c) => c.notNull())
        .addColumn('paid', sql.raw(d.money), (c) => c.notNull())
        .addColumn('received', sql.raw(d.money), (c) => c.notNull())
        .addColumn('residue', sql.raw(d.money), (c) => c.notNull())
        .addPrimaryKeyConstraint('funding_settlements_pk', ['market', 'settled_at'])
        .execute();
      await db.schema
        .createTable('funding_payments')
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('position_id', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('position_side', 'text', (c) => c.notNull())
        .addColumn('settled_at', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('period_start', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('rate', sql.raw(d.money), (c) => c.notNull())
        .addColumn('size', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('amount', sql.raw(d.money), (c) => c.notNull())
        .addColumn('mark_num', sql.raw(d.money), (c) => c.notNull())
        .addColumn('mark_den', sql.raw(d.money), (c) => c.notNull())
        .addPrimaryKeyConstraint('funding_payments_pk', ['position_id', 'settled_at'])
        .execute();
      await db.schema
        .createIndex('funding_payments_by_user')
        .on('funding_payments')
        .columns(['user_name', 'settled_at'])
        .execute();
    },
  };
}
