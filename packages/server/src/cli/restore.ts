import { copyFileSync, existsSync, linkSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '../config/schema.js';
import { DataDirLock } from '../process/data-dir-lock.js';
import { flushDirectory, flushFile } from '../process/flush-to-disk.js';
import { Progress } from '../process/progress.js';
import { masterKeyFor, sealingKeyIds } from '../process/store-master-key.js';
import { openSqliteStore } from '../store/sqlite.js';
import { loadState } from '../venue/sequencer/load-state.js';
import { stateHash } from '../venue/sequencer/state-hash.js';
import { checkSqliteDatabase, configuredSqliteFile, removeWithSideFiles, WAL_SIDE_FILES } from './sqlite-file.js';

export interface RestoreReport {
  readonly restoredFrom: string;
  readonly seq: number;
  readonly hash: string;
  /** Where the store that was replaced now is (nothing is deleted), or null when there was none. */
  readonly previous: string | null;
}

/**
 * `txc restore <file>`: puts a backup in place of the data dir's store. Only with no server
 * running (it takes the data-dir lock, and the store's own). The backup is checked, copied beside the
 * store and loaded there, its secrets opened with the configured master key: a backup that cannot
 * start a venue is refused then, the store untouched. Only then is the store kept aside under
 * another name, never deleted, and the copy put in its place in one rename: whenever it stops, the
 * store's name holds the old store or the restored one.
 */
export async function restore(
  config: Config,
  backupFile: string,
  now: Date = new Date(),
  out: NodeJS.WriteStream = process.stderr,
): Promise<RestoreReport> {
  const progress = new Progress('txc restore', 'commands', out);
  const target = configuredSqliteFile(config, 'restore');
  checkSqliteDatabase(backupFile);
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const lock = DataDirLock.forVenue(config, 'cli');
  const incoming = `${target}.restoring`;
  try {
    // what a restore stopped midway left: its WAL would be replayed onto the new copy
    removeWithSideFiles(incoming);
    copyFileSync(backupFile, incoming);
    flushFile(incoming);
    const loaded = await loadCopy(incoming, config, progress);
    const previous = putInPlace(incoming, target, `${target}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`);
    progress.finish(`${backupFile} restored and loaded to seq ${loaded.seq}, state ${loaded.hash}`, loaded.replayed);
    return { restoredFrom: backupFile, seq: loaded.seq, hash: loaded.hash, previous };
  } finally {
    removeWithSideFiles(incoming);
    lock.release();
  }
}

/**
 * Puts the loaded copy `incoming` in place of `target`. The store is first made one file (its WAL
 * checkpointed into it), then linked under the name `aside`, and the copy renamed over it: no moment
 * without a store under its name. WAL files still beside the name (a store SQLite could not open, or
 * none at all) go with the old store, never under the copy. Gives the name the old store is kept
 * under, or null when there was none.
 */
function putInPlace(incoming: string, target: string, aside: string): string | null {
  const previous = existsSync(target) ? aside : null;
  if (previous !== null) {
    intoOneFile(target);
    linkSync(target, previous);
  }
  for (const side of WAL_SIDE_FILES) if (existsSync(target + side)) renameSync(target + side, aside + side);
  renameSync(incoming, target);
  flushDirectory(dirname(target));
  return previous;
}

/** Checkpoints a store's WAL into its file, so that the file alone holds it; one SQLite cannot open is left as it is. */
function intoOneFile(file: string): void {
  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true });
  } catch {
    return;
  }
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // its WAL stays beside it, and goes with it below
  } finally {
    db.close();
  }
}

/** Loads the store a restore is about to put in place, as a server starting on it would. */
async function loadCopy(
  file: string,
  config: Config,
  progress: Progress,
): Promise<{ readonly seq: number; readonly hash: string; readonly replayed: number }> {
  const store = openSqliteStore(file, { unsafeNoFsync: config.unsafeNoFsync });
  try {
    await store.migrate();
    // a server refuses a store whose secrets another master key sealed: so does its restore
    if ((await sealingKeyIds(store)).size > 0) await masterKeyFor(store, config, { generate: false });
    const { state, replayed } = await loadState(store, { onProgress: (done, total) => progress.update(done, total) });
    return { seq: state.seq, hash: stateHash(state), replayed };
  } finally {
    await store.close();
  }
}
