import { existsSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Config } from '../config/schema.js';
import { sqliteFileOf } from '../store/store-location.js';
import { checkStoreKind } from '../store/store-kind.js';
import { OperatorError } from './operator-error.js';

/** The SQLite file of the configured store; PostgreSQL has its own tools (docs/operations.md). */
export function configuredSqliteFile(config: Config, command: string): string {
  checkStoreKind(config);
  const file = sqliteFileOf(config.database, config.dataDir);
  if (file === undefined) {
    throw new OperatorError(
      `txc ${command} works on the SQLite store; for PostgreSQL use pg_dump / pg_restore and point-in-time recovery (docs/operations.md)`,
    );
  }
  return file;
}

/** Files SQLite keeps beside a database in WAL mode. */
export const WAL_SIDE_FILES = ['-wal', '-shm'] as const;
/** What SQLite may leave beside a database: its WAL and shared memory, or a rollback journal. */
const LEFT_BESIDE = [...WAL_SIDE_FILES, '-journal'] as const;

/** Removes a database file and whatever SQLite left beside it (a copy cut short, whose WAL would be replayed onto the next). */
export function removeWithSideFiles(file: string): void {
  for (const path of [file, ...LEFT_BESIDE.map((side) => file + side)]) rmSync(path, { force: true });
}

/**
 * Checks that a file is a sound txc SQLite database; returns the seq of its last journal entry.
 * Reading a backup made in WAL mode (by an earlier txc) leaves `-wal` and `-shm` beside it; those
 * this check made, it removes.
 */
export function checkSqliteDatabase(file: string): number {
  if (!existsSync(file)) throw new OperatorError(`${file} does not exist`);
  const made = WAL_SIDE_FILES.map((side) => file + side).filter((f) => !existsSync(f));
  try {
    return readSqliteDatabase(file);
  } finally {
    for (const f of made) rmSync(f, { force: true });
  }
}

function readSqliteDatabase(file: string): number {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (e) {
    throw new OperatorError(`${file} is not a SQLite database: ${(e as Error).message}`);
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new OperatorError(`${file} fails its integrity check: ${String(integrity)}`);
    const journal = db.prepare("select name from sqlite_master where type = 'table' and name = 'journal'").get();
    if (journal === undefined) throw new OperatorError(`${file} is not a txc database (it has no journal)`);
    const row = db.prepare('select max(seq) as seq from journal').get() as { seq: number | null };
    return row.seq ?? 0;
  } catch (e) {
    if (e instanceof OperatorError) throw e;
    throw new OperatorError(`${file} cannot be read: ${(e as Error).message}`);
  } finally {
    db.close();
  }
}
