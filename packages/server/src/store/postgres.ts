import { createRequire } from 'node:module';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { Database } from './database.js';
import { KyselyStore } from './kysely-store.js';
import type { CommitBatch, SnapshotRecord } from './port.js';
import { oneStatement } from './postgres-statement.js';
import { StoreClaimedError } from './store-claimed-error.js';
import { StoreOpenError } from './store-open-error.js';

const INT8 = 20;

/** The driver, loaded when a PostgreSQL store is opened: a venue on SQLite never pays for it. */
let driver: typeof pg | undefined;
function pgDriver(): typeof pg {
  driver ??= createRequire(import.meta.url)('pg') as typeof pg;
  return driver;
}

/** seq, times and nonces are 64-bit columns whose values stay within 2^53: read them as numbers. */
const int8AsNumber = ((oid: number, format?: 'text' | 'binary') =>
  oid === INT8
    ? (v: string): number => Number(v)
    : (pgDriver().types.getTypeParser(oid, format ?? 'text') as unknown)) as typeof pg.types.getTypeParser;

export interface PostgresOptions {
  readonly poolSize?: number;
  readonly connectTimeoutMs?: number;
  readonly statementTimeoutMs?: number;
  readonly idleTimeoutMs?: number;
  /** Benchmarks only: synchronous_commit=off on every session. */
  readonly unsafeNoFsync?: boolean;
  readonly onConnectionError?: (error: Error) => void;
  /**
   * An engine node leading a cluster: the lease epoch it holds. Every connection carries it and the
   * database fences every write with it (migration 0012), in place of the advisory lock.
   */
  readonly leaseEpoch?: number;
}

/**
 * The server-grade store. A group commit that only inserts goes as one statement (see
 * postgres-statement.ts), prepared once per connection under a name of its own; any other runs as
 * a transaction of statements, as the Kysely store writes it.
 */
export class PostgresStore extends KyselyStore {
  /** Prepared-statement names by SQL text: a few shapes of group commit recur. */
  private readonly names = new Map<string, string>();
  /** The session that holds the venue's lock, once claimed; `lost` when its connection went away. */
  private claimant: { readonly client: pg.Client; lost: boolean } | undefined;
  /** Set by the first claim, for good: from then on nothing is written without a live claim. */
  private claiming = false;

  constructor(
    private readonly reads: PooledDb,
    private readonly commits: PooledDb,
    private readonly connect: () => pg.Client,
    private readonly fenced: boolean,
  ) {
    super('postgres', reads.db, () => this.closed(), commits.db);
  }

  /**
   * The claim let go and both pools ended. Kysely ends a pool only if it queried through it, and a
   * pool a query went to directly (a commit's statement, who holds the lock) would otherwise keep the
   * process alive until its connections idled out.
   */
  private async closed(): Promise<void> {
    await this.releaseClaim();
    const open = [this.reads.pool, this.commits.pool].filter((pool) => !pool.ending);
    await Promise.all(open.map((pool) => pool.end()));
  }

  /**
   * A session-level advisory lock, held by a connection of its own for as long as the store is open.
   * A cluster's leader takes none: the lease fences its writes, and a paused leader's session would
   * keep the lock, and the database, from the node that takes over.
   */
  override async claim(): Promise<void> {
    if (this.fenced) return;
    this.claiming = true;
    if (this.claimant !== undefined && !this.claimant.lost && (await answers(this.claimant.client))) return;
    await this.releaseClaim();
    const client = this.connect();
    const claimant = { client, lost: false };
    const lose = (): void => {
      claimant.lost = true;
    };
    client.on('error', lose);
    client.on('end', lose);
    try {
      await client.connect();
      const taken = await client.query<{ held: boolean }>('select pg_try_advisory_lock($1, $2) as held', [
        ...VENUE_LOCK,
      ]);
      if (taken.rows[0]?.held !== true) throw new StoreClaimedError(await holderOf(client));
      // its writes would be fenced (migration 0012): said now, before it starts and looks healthy
      const leader = await clusterLeaderOf(client);
      if (leader !== undefined) {
        throw new StoreClaimedError(
          `engine node ${leader}, which leads a cluster on it`,
          'go through its gateways (the CLI: with a gateway’s --data-dir), run this server as one of its engine nodes (--cluster), or stop them first',
        );
      }
    } catch (e) {
      await client.end().catch(() => undefined);
      throw e instanceof StoreClaimedError ? e : new StoreOpenError('postgres', e);
    }
    this.claimant = claimant;
  }

  override async probeWrite(): Promise<void> {
    // the claim first (its own session), then the probe, which waits for a commit given up on
    if (this.claiming) await this.claim();
    await super.probeWrite();
  }

  override async saveSnapshot(snapshot: SnapshotRecord, keep: number): Promise<void> {
    this.mustHoldClaim();
    await super.saveSnapshot(snapshot, keep);
  }

  /**
   * Who holds the venue's lock, when a session does: a `txc serve` or a CLI command that writes this
   * database. An engine node takes no lock of its own (the lease fences it), so any holder is another
   * venue, which the node must not take the database from.
   */
  venueHolder(): Promise<string | undefined> {
    return holderOf(this.commits.pool);
  }

  /** A connection of its own, outside the pool (a standby's LISTEN on the journal's notifications). */
  session(): pg.Client {
    return this.connect();
  }

  /** Without the lock another venue may be writing: nothing more is written until it is taken again. */
  private mustHoldClaim(): void {
    if (this.claiming && (this.claimant === undefined || this.claimant.lost)) {
      throw new Error('this venue does not hold the database lock (its connection was lost)');
    }
  }

  private async releaseClaim(): Promise<void> {
    const claimant = this.claimant;
    this.claimant = undefined;
    // ending the session releases its locks
    await claimant?.client.end().catch(() => undefined);
  }

  protected override async write(batch: CommitBatch): Promise<void> {
    this.mustHoldClaim();
    const statement = oneStatement(batch);
    if (statement === undefined) return super.write(batch);
    let name = this.names.get(statement.text);
    if (name === undefined) {
      name = `txc_commit_${this.names.size + 1}`;
      this.names.set(statement.text, name);
    }
    await this.commits.pool.query({ name, text: statement.text, values: statement.values });
  }
}

/** The venue's advisory lock: (0x747863 "txc", 1), in the two-key space no other tool of the venue uses. */
const VENUE_LOCK = [0x747863, 1] as const;

/** The sessions' locks on the venue's advisory lock in this database: a row while a venue holds it. */
export const VENUE_LOCK_HELD = `pg_locks l
  where l.locktype = 'advisory' and l.granted and l.classid = ${VENUE_LOCK[0]} and l.objid = ${VENUE_LOCK[1]}
    and l.objsubid = 2 and l.database = (select oid from pg_database where datname = current_database())`;

/** Whether a session still answers (a claim over a connection cut without a reset looks held until it is asked). */
async function answers(client: pg.Client): Promise<boolean> {
  try {
    await client.query('select 1');
    return true;
  } catch {
    return false;
  }
}

/** Who holds the venue's lock, as pg_stat_activity shows the session; undefined when it cannot tell. */
async function holderOf(client: pg.ClientBase | pg.Pool): Promise<string | undefined> {
  const { rows } = await client
    .query<{ application_name: string; client_addr: string | null; pid: number }>(
      `select a.application_name, host(a.client_addr) as client_addr, a.pid from pg_stat_activity a
        where a.pid in (select l.pid from ${VENUE_LOCK_HELD})`,
    )
    .catch(() => ({ rows: [] }));
  const h = rows[0];
  return h === undefined
    ? undefined
    : `${h.application_name || 'a session'} from ${h.client_addr ?? 'a local socket'}, pid ${h.pid}`;
}

/** The engine node holding a live lease on the database, if a cluster runs on it (migration 0012). */
async function clusterLeaderOf(client: pg.Client): Promise<string | undefined> {
  const table = await client.query<{ present: boolean }>(`select to_regclass('cluster_lease') is not null as present`);
  if (table.rows[0]?.present !== true) return undefined;
  const { rows } = await client.query<{ holder: string }>(
    `select coalesce(holder, 'unnamed') as holder from cluster_lease where id = 1 and expires_at > clock_timestamp()`,
  );
  return rows[0]?.holder;
}

/** A pool and the typed access through it. */
interface PooledDb {
  readonly pool: pg.Pool;
  readonly db: Kysely<Database>;
}

/** The client waits a little longer than the server so that the server's own timeout speaks first. */
export const CLIENT_TIMEOUT_MARGIN_MS = 5_000;

/**
 * Connections of the writes' own pool: the group commit in flight, a snapshot being saved, and a
 * recovery's probe (or, on a cluster node's own store, its lease). Reads have the other pool, so reads
 * slower than their clients wait (each runs on until the statement timeout) never keep a commit from
 * a connection. Pools open connections only as they are asked for.
 */
const WRITE_CONNECTIONS = 3;

/**
 * The server-grade store: PostgreSQL through two connection pools, one for reads and one for
 * writes. Commits are durable on return (synchronous_commit is left to the server, whose default
 * waits for the WAL flush).
 *
 * When the server goes away, a query fails within the timeouts instead of hanging, the pool drops
 * the broken connection (reported through `onConnectionError` rather than crashing the process)
 * and opens new ones once the server answers again.
 */
export function openPostgresStore(url: string, options: PostgresOptions = {}): PostgresStore {
  const statementTimeout = options.statementTimeoutMs ?? 30_000;
  const connectTimeout = options.connectTimeoutMs ?? 5_000;
  const { Pool, Client } = pgDriver();
  const openPool = (max: number): pg.Pool => {
    const pool = new Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: connectTimeout,
      idleTimeoutMillis: options.idleTimeoutMs ?? 30_000,
      statement_timeout: statementTimeout,
      idle_in_transaction_session_timeout: statementTimeout,
      query_timeout: statementTimeout + CLIENT_TIMEOUT_MARGIN_MS,
      keepAlive: true,
      application_name: 'txc',
      ...sessionOptions(options),
      types: { getTypeParser: int8AsNumber },
    });
    // A connection that drops emits 'error' on its client, idle or checked out; unheard, that error
    // would end the process. The query running on it fails anyway, which is what the venue acts on.
    pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)));
    pool.on('error', () => undefined);
    return pool;
  };
  const kysely = (pool: pg.Pool): Kysely<Database> => new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const reads = openPool(options.poolSize ?? 8);
  const writes = openPool(WRITE_CONNECTIONS);
  const claimant = (): pg.Client =>
    new Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeout,
      // A dead peer is noticed within a minute on both ends, not after the system's two hours: this
      // side stops writing, and the server ends the session (releasing the lock) of a host that died.
      keepAlive: true,
      keepAliveInitialDelayMillis: 15_000,
      query_timeout: connectTimeout,
      options: '-c tcp_keepalives_idle=15 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=6',
      application_name: 'txc',
    });
  return new PostgresStore(
    { pool: reads, db: kysely(reads) },
    { pool: writes, db: kysely(writes) },
    claimant,
    options.leaseEpoch !== undefined,
  );
}

/** Settings every pooled session starts with (`-c name=value`). */
function sessionOptions(options: PostgresOptions): { options?: string } {
  const settings = [
    ...(options.unsafeNoFsync === true ? ['-c synchronous_commit=off'] : []),
    ...(options.leaseEpoch === undefined ? [] : [`-c txc.lease_epoch=${options.leaseEpoch}`]),
  ];
  return settings.length === 0 ? {} : { options: settings.join(' ') };
}
