import type { Kysely } from 'kysely';
import { chunks } from './chunks.js';
import type { Database } from './database.js';

/** The rows of every table a venue is made of, as the store returned them. */
export type TableRows = Partial<Record<keyof Database, Record<string, unknown>[]>>;

/**
 * The tables that make a venue: everything but the admin audit log, which records what operators
 * did (loading a saved state among it) and is never rewound.
 */
export const VENUE_TABLES: readonly (keyof Database)[] = [
  'journal',
  'snapshots',
  'api_keys',
  'api_nonces',
  'api_window_nonces',
  'meta',
  'wallet_transactions',
  'mining_rewards',
  'deals',
  'finished_orders',
  'user_deals',
  'user_finished_orders',
  'position_changes',
  'funding_settlements',
  'funding_payments',
  'candles',
];

/** Every venue table's rows, read in one transaction: a copy at one commit (repeatable read on PostgreSQL). */
export async function readVenueTables(db: Kysely<Database>, kind: 'sqlite' | 'postgres'): Promise<TableRows> {
  const begin = db.transaction();
  return (kind === 'postgres' ? begin.setIsolationLevel('repeatable read') : begin).execute(async (trx) => {
    const out: TableRows = {};
    for (const table of VENUE_TABLES) {
      out[table] = await trx.selectFrom(table).selectAll().execute();
    }
    return out;
  });
}

/**
 * Replaces every venue table's rows with `rows`, in one transaction: the store holds the old venue
 * or the new one, never a mix. Only while nothing else writes (the venue suspended).
 */
export async function replaceVenueTables(db: Kysely<Database>, rows: TableRows): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of VENUE_TABLES) {
      await trx.deleteFrom(table).execute();
      // the rows came from this table: the query builder cannot know their columns statically
      for (const chunk of chunks(rows[table] ?? [])) await trx.insertInto(table).values(chunk).execute();
    }
  });
}
