import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database as Tables } from './database.js';
import { KyselyStore } from './kysely-store.js';

/**
 * The embedded store: one SQLite file in WAL mode with full synchronous commits, so that a commit
 * that returned has been fsynced. `unsafeNoFsync` exists for benchmarks that measure what
 * durability costs, and nowhere else.
 */
export function openSqliteStore(file: string, options: { unsafeNoFsync?: boolean } = {}): KyselyStore {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(options.unsafeNoFsync === true ? 'synchronous = OFF' : 'synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
  return new KyselyStore('sqlite', db);
}
