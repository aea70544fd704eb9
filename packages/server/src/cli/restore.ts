import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import type { Config } from '../config/schema.js';
import { DataDirLock } from '../process/data-dir-lock.js';
import { Progress } from '../process/progress.js';
import { masterKeyFor, sealingKeyIds } from '../process/store-master-key.js';
import { openSqliteStore } from '../store/sqlite.js';
import { loadState } from '../venue/sequencer/load-state.js';
import { stateHash } from '../venue/sequencer/state-hash.js';
import { checkSqliteDatabase, configuredSqliteFile } from './sqlite-file.js';

export interface RestoreReport {
  readonly restoredFrom: string;
  readonly seq: number;
  readonly hash: string;
  /** Where the store that was replaced now is (nothing is deleted), or null when there was none. */
  readonly previous: string | null;
}

const SIDE_FILES = ['-wal', '-shm'] as const;

/**
 * `txc restore <file>`: puts a backup in place of the data dir's store. Only with no server
 * running (it takes the data-dir lock, and the store's own). The backup is checked, copied beside the
 * store and loaded there, its secrets opened with the configured master key: a backup that cannot
 * start a venue is refused then, the store untouched. Only then is the store moved aside with its
 * WAL, never deleted, and the copy put in its place.
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
    copyFileSync(backupFile, incoming);
    const fd = openSync(incoming, 'r+');
    fsyncSync(fd);
    closeSync(fd);
    const loaded = await loadCopy(incoming, config, progress);
    let previous: string | null = null;
    if (existsSync(target)) {
      previous = `${target}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, previous);
      for (const side of SIDE_FILES) if (existsSync(target + side)) renameSync(target + side, previous + side);
    }
    renameSync(incoming, target);
    progress.finish(`${backupFile} restored and loaded to seq ${loaded.seq}, state ${loaded.hash}`, loaded.replayed);
    return { restoredFrom: backupFile, seq: loaded.seq, hash: loaded.hash, previous };
  } finally {
    for (const file of [incoming, ...SIDE_FILES.map((side) => incoming + side)]) rmSync(file, { force: true });
    lock.release();
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
