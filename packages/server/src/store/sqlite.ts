import Database from 'better-sqlite3';
import { StoreOpenError } from './store-open-error.js';
import { Kysely, SqliteAdapter, SqliteDialect, type DialectAdapter } from 'kysely';
import type { Database as Tables } from './database.js';
import { KyselyStore } from './kysely-store.js';
import type { CommitBatch, JournalRecord, SnapshotRecord } from './port.js';
import { commitWrites, probeWrites, snapshotWrites } from './sqlite-statements.js';
import { SqliteWriter } from './sqlite-writer.js';

/**
 * The embedded store: one SQLite file in WAL mode with full synchronous commits, so that a commit
 * that returned has been fsynced. Two connections: the writer's, on its own thread
 * (sqlite-writer.ts), runs every write transaction; this thread's, through Kysely, runs the
 * migrations and the reads. In WAL mode a read sees exactly what was committed before it began, so
 * it never sees a transaction the writer has not finished.
 */
export class SqliteStore extends KyselyStore {
  private journalPage: Database.Statement<[number, number], [number, number, string]> | undefined;

  constructor(
    db: Kysely<Tables>,
    private readonly connection: Database.Database,
    private readonly writer: SqliteWriter,
  ) {
    super('sqlite', db, () => writer.close());
  }

  /**
   * Start-up reads the whole journal after the snapshot: one statement prepared once, rows as
   * arrays, without a query builder in between (half the time of the generic read).
   */
  override readJournal(afterSeq: number, limit: number): Promise<JournalRecord[]> {
    try {
      this.journalPage ??= this.connection
        .prepare<[number, number], [number, number, string]>(
          'select "seq", "time", "command" from "journal" where "seq" > ? order by "seq" limit ?',
        )
        .raw(true);
      const rows = this.journalPage.all(afterSeq, limit);
      return Promise.resolve(rows.map(([seq, time, command]) => ({ seq, time, command })));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  override idle(): boolean {
    return this.writer.idle();
  }

  override commit(batch: CommitBatch): Promise<void> {
    return this.writer.link(commitWrites(batch));
  }

  /** None: a local disk does not hang as a server does, and its writer thread keeps no other chain. */
  override limitCommits(): void {}

  override saveSnapshot(snapshot: SnapshotRecord, keep: number): Promise<void> {
    return this.writer.transaction(snapshotWrites(snapshot, keep));
  }

  override probeWrite(): Promise<void> {
    return this.writer.transaction(probeWrites());
  }
}

/**
 * SQLite's DDL is transactional, which Kysely's SQLite adapter does not claim: told so, the migrator
 * runs the pending migrations in one transaction, so a store is never left half-migrated and a new
 * one is created with one fsync rather than one per table and index.
 */
class TransactionalDdlAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TxcSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlAdapter();
  }
}

/** The store's file opened in WAL mode with `pragmas`; one it cannot open (another user's, not a database) said in one line. */
function openDatabase(file: string, pragmas: readonly string[]): Database.Database {
  let sqlite: Database.Database | undefined;
  try {
    sqlite = new Database(file);
    // WAL is a property of the file: set once here, before the writer's connection opens.
    sqlite.pragma('journal_mode = WAL');
    for (const pragma of pragmas) sqlite.pragma(pragma);
    return sqlite;
  } catch (e) {
    sqlite?.close();
    throw new StoreOpenError('sqlite', new Error(`${file}: ${(e as Error).message}`));
  }
}

/** `unsafeNoFsync` exists for benchmarks that measure what durability costs, and nowhere else. */
export function openSqliteStore(file: string, options: { unsafeNoFsync?: boolean } = {}): SqliteStore {
  if (file === '' || file === ':memory:') throw new Error('the SQLite store needs a file: two connections share it');
  const pragmas = [
    'busy_timeout = 5000',
    options.unsafeNoFsync === true ? 'synchronous = OFF' : 'synchronous = FULL',
    'foreign_keys = ON',
    // A checkpoint copies every page the WAL holds into the file and fsyncs it, on the connection
    // whose commit crossed the threshold: the writer's, on the path of every reply waiting for it.
    // Group commits touch the same index pages again and again, so a checkpoint every 10,000
    // pages (40 MB of WAL) instead of SQLite's 1,000 copies each of them once where it copied it
    // ten times, and far fewer commits wait for one (docs/decisions.md).
    'wal_autocheckpoint = 10000',
    // A WAL that grew beyond that (behind a long read: a backup) is cut back once it restarts.
    'journal_size_limit = 67108864',
  ];
  const sqlite = openDatabase(file, pragmas);
  const db = new Kysely<Tables>({ dialect: new TxcSqliteDialect({ database: sqlite }) });
  return new SqliteStore(db, sqlite, new SqliteWriter(file, pragmas));
}
