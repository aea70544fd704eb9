import { join } from 'node:path';

/** The embedded store's file in a data dir. */
export const SQLITE_FILE = 'txc.sqlite';

export function isPostgresUrl(database: string): boolean {
  return database.startsWith('postgres://') || database.startsWith('postgresql://');
}

/** The SQLite file `database` designates (`sqlite` is the one in the data dir), or undefined for PostgreSQL. */
export function sqliteFileOf(database: string, dataDir: string): string | undefined {
  if (database === 'sqlite') return join(dataDir, SQLITE_FILE);
  if (database.startsWith('sqlite:')) return database.slice('sqlite:'.length);
  return undefined;
}
