import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config/schema.js';

/** The data dir's note of which store its venue keeps: `postgres`, `sqlite`, or `sqlite:<file>`. */
export const STORE_KIND_FILE = 'store-kind';

/** The configuration names another kind of store than the data dir's venue keeps. */
export class StoreKindError extends Error {
  override readonly name = 'StoreKindError';
}

export function isPostgresUrl(database: string): boolean {
  return database.startsWith('postgres://') || database.startsWith('postgresql://');
}

/**
 * What the note says of a configured store: `postgres` (its URL may change, as a database moves to
 * another host), or the SQLite file it designates (`sqlite`, or `sqlite:<file>` resolved).
 */
function noteOf(config: Pick<Config, 'dataDir' | 'database'>): string {
  if (isPostgresUrl(config.database)) return 'postgres';
  if (config.database === 'sqlite') return 'sqlite';
  const file = resolve(config.database.slice('sqlite:'.length));
  // the data dir's own file, however named: the note must not tie a data dir to where it lies
  return file === resolve(config.dataDir, 'txc.sqlite') ? 'sqlite' : `sqlite:${file}`;
}

/** Notes in the data dir which store the venue served from it keeps (the server does, at each start). */
export function recordStoreKind(config: Pick<Config, 'dataDir' | 'database'>): void {
  writeFileSync(join(config.dataDir, STORE_KIND_FILE), `${noteOf(config)}\n`, { mode: 0o600 });
}

/**
 * Refuses a configuration whose store is not the one the data dir's venue keeps: a server or
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
  if (noted === noteOf(config)) return;
  throw new StoreKindError(
    noted === 'postgres'
      ? `the venue of ${config.dataDir} keeps its store on PostgreSQL: name it with --database or TXC_DATABASE_URL`
      : `the venue of ${config.dataDir} keeps its store in SQLite (${noted === 'sqlite' ? 'txc.sqlite there' : noted}): name that with --database, not another`,
  );
}
