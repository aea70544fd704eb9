import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import { KyselyStore } from './kysely-store.js';
import type { CommitBatch } from './port.js';
import { oneStatement } from './postgres-statement.js';

const INT8 = 20;

/** seq, times and nonces are 64-bit columns whose values stay within 2^53: read them as numbers. */
const int8AsNumber = ((oid: number, format?: 'text' | 'binary') =>
  oid === INT8
    ? (v: string): number => Number(v)
    : (pg.types.getTypeParser(oid, format ?? 'text') as unknown)) as typeof pg.types.getTypeParser;

export interface PostgresOptions {
  readonly poolSize?: number;
  readonly connectTimeoutMs?: number;
  readonly statementTimeoutMs?: number;
  readonly idleTimeoutMs?: number;
  /** Benchmarks only: synchronous_commit=off on every session. */
  readonly unsafeNoFsync?: boolean;
  readonly onConnectionError?: (error: Error) => void;
}

/**
 * The server-grade store. A group commit that only inserts goes as one statement (see
 * postgres-statement.ts), prepared once per connection under a name of its own; any other runs as
 * a transaction of statements, as the Kysely store writes it.
 */
export class PostgresStore extends KyselyStore {
  /** Prepared-statement names by SQL text: a few shapes of group commit recur. */
  private readonly names = new Map<string, string>();

  constructor(
    db: Kysely<Database>,
    private readonly pool: pg.Pool,
  ) {
    super('postgres', db);
  }

  protected override async write(batch: CommitBatch): Promise<void> {
    const statement = oneStatement(batch);
    if (statement === undefined) return super.write(batch);
    let name = this.names.get(statement.text);
    if (name === undefined) {
      name = `txc_commit_${this.names.size + 1}`;
      this.names.set(statement.text, name);
    }
    await this.pool.query({ name, text: statement.text, values: statement.values });
  }
}

/** The client waits a little longer than the server so that the server's own timeout speaks first. */
const CLIENT_TIMEOUT_MARGIN_MS = 5_000;

/**
 * The server-grade store: PostgreSQL through a connection pool. Commits are durable on return
 * (synchronous_commit is left to the server, whose default waits for the WAL flush).
 *
 * When the server goes away, a query fails within the timeouts instead of hanging, the pool drops
 * the broken connection (reported through `onConnectionError` rather than crashing the process)
 * and opens new ones once the server answers again.
 */
export function openPostgresStore(url: string, options: PostgresOptions = {}): PostgresStore {
  const statementTimeout = options.statementTimeoutMs ?? 30_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 8,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    idleTimeoutMillis: options.idleTimeoutMs ?? 30_000,
    statement_timeout: statementTimeout,
    idle_in_transaction_session_timeout: statementTimeout,
    query_timeout: statementTimeout + CLIENT_TIMEOUT_MARGIN_MS,
    keepAlive: true,
    application_name: 'txc',
    ...(options.unsafeNoFsync === true ? { options: '-c synchronous_commit=off' } : {}),
    types: { getTypeParser: int8AsNumber },
  });
  // A connection that drops emits 'error' on its client, idle or checked out; unheard, that error
  // would end the process. The query running on it fails anyway, which is what the venue acts on.
  pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)));
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return new PostgresStore(db, pool);
}
