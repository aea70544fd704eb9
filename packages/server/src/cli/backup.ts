import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '../config/schema.js';
import { OperatorError } from './operator-error.js';
import { checkSqliteDatabase, configuredSqliteFile } from './sqlite-file.js';

export interface BackupReport {
  readonly file: string;
  /** Seq of the last journal entry the backup holds. */
  readonly seq: number;
  readonly bytes: number;
}

/** The largest step better-sqlite3 takes: more pages than any store has. */
const ALL_PAGES = 0x7fffffff;

/**
 * `txc backup <file>`: SQLite's online backup of the store, consistent at one commit, taken while
 * the server keeps running (it only reads), then checked like `txc restore` will check it.
 */
export async function backup(config: Config, target: string): Promise<BackupReport> {
  const source = configuredSqliteFile(config, 'backup');
  if (!existsSync(source)) throw new OperatorError(`no store at ${source}`);
  if (existsSync(target)) throw new OperatorError(`${target} already exists; choose a new file`);
  if (!existsSync(dirname(resolve(target)))) throw new OperatorError(`${dirname(resolve(target))} does not exist`);
  const db = new Database(source, { fileMustExist: true });
  try {
    // All pages in one step, inside one read transaction: a backup taken in steps starts over
    // whenever another connection commits between two of them, so under a steady flow of commits
    // it would never end. In WAL mode the server's commits do not wait for this read.
    await db.backup(target, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  const seq = checkSqliteDatabase(target);
  return { file: target, seq, bytes: statSync(target).size };
}
