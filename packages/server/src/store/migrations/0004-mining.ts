import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationDialect } from './dialect.js';

/** Mining rewards as the rewards endpoint lists them (the accounts themselves live in the engine state). */
export function mining(d: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('mining_rewards')
        .addColumn('reward_id', sql.raw(d.int64), (c) => c.primaryKey())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('account_name', 'text', (c) => c.notNull())
        .addColumn('reward_currency', 'text', (c) => c.notNull())
        .addColumn('total_reward', sql.raw(d.money), (c) => c.notNull())
        .addColumn('reward', sql.raw(d.money), (c) => c.notNull())
        .addColumn('fee', sql.raw(d.money), (c) => c.notNull())
        .addColumn('fpps_rate', 'text', (c) => c.notNull())
        .addColumn('hash_rate', 'text', (c) => c.notNull())
        .addColumn('payout_destination', 'text', (c) => c.notNull())
        .addColumn('payout_address', 'text')
        .addColumn('payout_transaction_hash', 'text')
        .addColumn('payout_time', sql.raw(d.int64), (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('mining_rewards_by_user')
        .on('mining_rewards')
        .columns(['user_name', 'payout_time', 'reward_id'])
        .execute();
      await db.schema
        .createIndex('mining_rewards_by_account')
        .on('mining_rewards')
        .columns(['user_name', 'account_name', 'payout_time', 'reward_id'])
        .execute();
    },
  };
}
