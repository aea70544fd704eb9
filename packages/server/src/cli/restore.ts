import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync } from 'node:fs';
import type { Config } from '../config/schema.js';
import { DataDirLock } from '../process/data-dir-lock.js';
import { Progress } from '../process/progress.js';
import { openStore } from '../store/open-store.js';
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
 * running (it takes the data-dir lock). The backup is checked first; the store it replaces is
 * moved aside with its WAL, never deleted; the restored store is then loaded once so that a
 * backup that cannot start a venue is caught now rather than at the next start.
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
  mkdirSync(config.dataDir, { recursive: true });
  const lock = DataDirLock.acquire(config.dataDir, 'cli');
  try {
    let previous: string | null = null;
    if (existsSync(target)) {
      previous = `${target}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, previous);
      for (const side of SIDE_FILES) if (existsSync(target + side)) renameSync(target + side, previous + side);
    }
    const incoming = `${target}.restoring`;
    copyFileSync(backupFile, incoming);
    const fd = openSync(incoming, 'r+');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(incoming, target);
    const store = openStore(config);
    try {
      await store.migrate();
      const { state, replayed } = await loadState(store, { onProgress: (done, total) => progress.update(done, total) });
      const hash = stateHash(state);
      progress.finish(`${backupFile} restored and loaded to seq ${state.seq}, state ${hash}`, replayed);
      return { restoredFrom: backupFile, seq: state.seq, hash, previous };
    } finally {
      await store.close();
    }
  } finally {
    lock.release();
  }
}
