import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/schema.js';

/** The data dir's note of which kind of store its venue keeps: `sqlite` or `postgres`. */
export const STORE_KIND_FILE = 'store-kind';

/** The configuration names another kind of store than the data dir's venue keeps. */
export class StoreKindError extends Error {
  override readonly name = 'StoreKindError';
}

type Kind = 'sqlite' | 'postgres';

export function isPostgresUrl(database: string): boolean {
  return database.startsWith('postgres://') || database.startsWith('postgresql://');
}

function kindOf(database: string): Kind {
  return isPostgresUrl(database) ? 'postgres' : 'sqlite';
}

/** Notes in the data dir which kind of store the venue served from it keeps (the server does, at each start). */
export function recordStoreKind(config: Pick<Config, 'dataDir' | 'database'>): void {
  writeFileSync(join(config.dataDir, STORE_KIND_FILE), `${kindOf(config.database)}\n`, { mode: 0o600 });
}

/**
 * Refuses a configuration whose store is not of the kind the data dir's venue keeps: a server or
 * command on a PostgreSQL venue's data dir run without `--database` would otherwise open (and
 * create) an empty SQLite store there, seed a new demo venue over the credentials file, or back up
 * and replay nothing. A data dir with no note (never served, or served before notes) passes.
 */
export function checkStoreKind(config: Pick<Config, 'dataDir' | 'database'>): void {
  let noted: string;
  try {
    noted = readFileSync(join(config.dataDir, STORE_KIND_FILE), 'utf8').trim();
  } catch {
    return;
  }
  const configured = kindOf(config.database);
  if (noted === configured) return;
  throw new StoreKindError(
    noted === 'postgres'
      ? `the venue of ${config.dataDir} keeps its store on PostgreSQL: name it with --database or TXC_DATABASE_URL`
      : `the venue of ${config.dataDir} keeps its store in SQLite there (txc.sqlite), not in the database named`,
  );
}
