import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationDialect } from './dialect.js';

/** The journal, snapshots, API keys and nonces, venue metadata, and the wallet history. */
export function foundation(d: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('journal')
        .addColumn('seq', sql.raw(d.int64), (c) => c.primaryKey())
        .addColumn('time', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('command', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('snapshots')
        .addColumn('seq', sql.raw(d.int64), (c) => c.primaryKey())
        .addColumn('time', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('api_key', 'text', (c) => c.primaryKey())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('permissions', 'text', (c) => c.notNull())
        .addColumn('ips', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('revoked_at', sql.raw(d.int64))
        .execute();
      await db.schema
        .createTable('api_nonces')
        .addColumn('api_key', 'text', (c) => c.primaryKey())
        .addColumn('high_water', sql.raw(d.int64), (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('api_window_nonces')
        .addColumn('api_key', 'text', (c) => c.notNull())
        .addColumn('nonce', sql.raw(d.int64), (c) => c.notNull())
        .addPrimaryKeyConstraint('api_window_nonces_pk', ['api_key', 'nonce'])
        .execute();
      await db.schema.createIndex('api_window_nonces_by_nonce').on('api_window_nonces').column('nonce').execute();
      await db.schema
        .createTable('meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('wallet_transactions')
        .addColumn('transaction_id', 'text', (c) => c.primaryKey())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('method', 'integer', (c) => c.notNull())
        .addColumn('ticker', 'text', (c) => c.notNull())
        .addColumn('amount', sql.raw(d.money), (c) => c.notNull())
        .addColumn('fee', sql.raw(d.money), (c) => c.notNull())
        .addColumn('network', 'text')
        .addColumn('address', 'text')
        .addColumn('memo', 'text')
        .addColumn('transaction_hash', 'text')
        .addColumn('unique_id', 'text')
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('created_at', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('updated_at', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('details', 'text')
        .execute();
      await db.schema
        .createIndex('wallet_transactions_by_user')
        .on('wallet_transactions')
        .columns(['user_name', 'created_at'])
        .execute();
    },
  };
}
