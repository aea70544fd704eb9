import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config/schema.js';
import { SQLITE_FILE, sqliteFileOf } from './store-location.js';

/** The data dir's note of which store its venue keeps: `postgres`, `sqlite`, or `sqlite:<file>`. */
export const STORE_KIND_FILE = 'store-kind';

/** The configuration names another kind of store than the data dir's venue keeps. */
export class StoreKindError extends Error {
  override readonly name = 'StoreKindError';
}

/**
 * What the note says of a configured store: `postgres` (its URL may change, as a database moves to
 * another host), or the SQLite file it designates (`sqlite`, or `sqlite:<file>` resolved).
 */
function noteOf(config: Pick<Config, 'dataDir' | 'database'>): string {
  const file = sqliteFileOf(config.database, config.dataDir);
  if (file === undefined) return 'postgres';
  // the data dir's own file, however named: the note must not tie a data dir to where it lies
  return resolve(file) === resolve(config.dataDir, SQLITE_FILE) ? 'sqlite' : `sqlite:${resolve(file)}`;
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
