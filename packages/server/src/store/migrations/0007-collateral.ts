import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationDialect } from './dialect.js';

/** Read model of collateral trading: every state a position went through, with the fill that made it. */
export function collateral(d: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('position_changes')
        .addColumn('change_id', sql.raw(d.int64), (c) => c.primaryKey())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('position_id', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('time', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('position_changes_by_user')
        .on('position_changes')
        .columns(['user_name', 'change_id'])
        .execute();
    },
  };
}
