import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationDialect } from './dialect.js';

/**
 * Candles of every market at the base intervals (one minute, one hour, one day), written by the
 * group commit that journals the trades they hold (venue/projection/candle-projection.ts). Prices and volumes
 * are exact decimal text, as the API shows them. The venue fills the table from the deals already
 * in the store the first time it starts on it (venue/projection/candle-rebuild.ts).
 */
export function candles(d: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('candles')
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('interval_s', 'integer', (c) => c.notNull())
        .addColumn('open_time', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('open', 'text', (c) => c.notNull())
        .addColumn('close', 'text', (c) => c.notNull())
        .addColumn('high', 'text', (c) => c.notNull())
        .addColumn('low', 'text', (c) => c.notNull())
        .addColumn('volume_stock', 'text', (c) => c.notNull())
        .addColumn('volume_money', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('candles_pk', ['market', 'interval_s', 'open_time'])
        // SQLite: the table is its key's B-tree, which every read walks (no rowid table beside it)
        .$call((t) => (d.kind === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
        .execute();
    },
  };
}
