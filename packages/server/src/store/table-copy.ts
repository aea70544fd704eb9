import { sql, type Kysely } from 'kysely';
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

/** The columns of every venue table as this store has them: what rows saved elsewhere may hold. */
export async function venueTableColumns(
  db: Kysely<Database>,
  kind: 'sqlite' | 'postgres',
): Promise<Map<string, ReadonlySet<string>>> {
  // PostgreSQL lists the tables of every schema; the venue's are those its queries name unqualified
  const schema =
    kind === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const venue = new Set<string>(VENUE_TABLES);
  const tables = (await db.introspection.getTables()).filter((t) => venue.has(t.name) && t.schema === schema);
  return new Map(tables.map((t) => [t.name, new Set(t.columns.map((c) => c.name))] as const));
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
