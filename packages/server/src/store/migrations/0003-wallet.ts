import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationDialect } from './dialect.js';

/**
 * Wallet history: why a withdrawal was cancelled (shown as its `description`), and the indexes
 * the history filters use. A withdrawal's (user, uniqueId) is unique in the store as in the engine.
 */
export function wallet(_d: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('wallet_transactions').addColumn('description', 'text').execute();
      await db.schema
        .createIndex('wallet_transactions_unique_id')
        .on('wallet_transactions')
        .columns(['user_name', 'unique_id'])
        .unique()
        .where(sql.ref('unique_id'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('wallet_transactions_by_method')
        .on('wallet_transactions')
        .columns(['user_name', 'method', 'created_at'])
        .execute();
      await db.schema
        .createIndex('wallet_transactions_by_ticker')
        .on('wallet_transactions')
        .columns(['user_name', 'ticker', 'created_at'])
        .execute();
    },
  };
}
