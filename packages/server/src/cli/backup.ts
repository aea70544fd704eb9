import { closeSync, existsSync, openSync, renameSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '../config/schema.js';
import { flushFile } from '../process/flush-to-disk.js';
import { Progress } from '../process/progress.js';
import { OperatorError } from './operator-error.js';
import { checkSqliteDatabase, configuredSqliteFile, removeWithSideFiles } from './sqlite-file.js';

export interface BackupReport {
  readonly file: string;
  /** Seq of the last journal entry the backup holds. */
  readonly seq: number;
  readonly bytes: number;
}

/** Pages copied per step (4 MiB of 4 KiB pages): the progress line moves between two steps. */
const PAGES_PER_STEP = 1024;

/**
 * `txc backup <file>`: SQLite's online backup of the store, consistent at one commit, taken while
 * the server keeps running (it only reads), then checked like `txc restore` will check it. Progress
 * goes to `out` on a terminal; one summary line goes there always.
 */
export async function backup(
  config: Config,
  target: string,
  out: NodeJS.WriteStream = process.stderr,
): Promise<BackupReport> {
  const source = configuredSqliteFile(config, 'backup');
  if (!existsSync(source)) throw new OperatorError(`no store at ${source}`);
  if (existsSync(target)) throw new OperatorError(`${target} already exists; choose a new file`);
  if (!existsSync(dirname(resolve(target)))) throw new OperatorError(`${dirname(resolve(target))} does not exist`);
  // written under another name and renamed once whole: a backup cut short (killed, a full disk)
  // leaves no file under the name that says it is one, and a later backup to that name proceeds
  const partial = `${target}.partial`;
  // a copy cut short while it was in WAL mode left a -wal that SQLite would replay onto the next one
  removeWithSideFiles(partial);
  // the owner's alone, whatever the umask: the ledger, users and audit log are in it (secrets sealed)
  closeSync(openSync(partial, 'wx', 0o600));
  const progress = new Progress('txc backup', 'pages', out);
  let pages = 0;
  const db = new Database(source, { fileMustExist: true });
  try {
    // Every step inside one read transaction, begun before the first: the copy is the snapshot it
    // began with. A backup's steps each taking a read of their own would start over whenever the
    // server commits between two of them, and under a steady flow of commits never end. In WAL mode
    // the server's commits do not wait for this read.
    db.exec('BEGIN');
    db.prepare('select count(*) from sqlite_master').get();
    await db.backup(partial, {
      progress: ({ totalPages, remainingPages }) => {
        pages = totalPages;
        progress.update(totalPages - remainingPages, totalPages);
        return PAGES_PER_STEP;
      },
    });
    db.exec('COMMIT');
  } catch (e) {
    // a full disk, most often: what is left is the partial copy, which the next backup removes
    throw new OperatorError(`the backup to ${target} failed: ${(e as Error).message}; ${partial} is left, incomplete`);
  } finally {
    db.close();
  }
  selfContained(partial);
  renameSync(partial, target);
  const seq = checkSqliteDatabase(target);
  const bytes = statSync(target).size;
  progress.finish(`${target} holds the journal to seq ${seq}, ${bytes.toLocaleString('en-US')} bytes, checked`, pages);
  return { file: target, seq, bytes };
}

/**
 * Makes the copy one file: the store's WAL mode travels with its pages, and a WAL database opened to
 * be read (the check below, `txc restore`'s) leaves `-wal` and `-shm` files beside it. Then flushes
 * it to disk, so that the name it is renamed to never points at a copy a power loss could cut short.
 */
function selfContained(file: string): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
  flushFile(file);
}
