import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/database.js';
import { VENUE_LOCK_HELD } from '../store/postgres.js';

/** Who holds a cluster's lease, as the database sees it now. */
export interface LeaseHolder {
  /** The cluster's name (its NATS subjects begin with it). */
  readonly cluster: string;
  readonly epoch: number;
  readonly holder: string | null;
  /** Whether it is unexpired by the database's clock. */
  readonly live: boolean;
  /** When it expires by the database's clock (ms since the epoch): it moves on each time its holder renews it. */
  readonly expiresAtMs: number | null;
}

/**
 * The leadership of a cluster: one row in PostgreSQL, the journal of record. A node takes it only
 * once it has lapsed, and every takeover grows the epoch that fences the writes of the leader
 * before (migration 0012). Expiry is read off the database's clock alone, so the nodes' own clocks
 * may disagree.
 */
export class Lease {
  /**
   * The last of this node's writes to the lease, each sent once the one before has come back. Sent
   * on two pooled connections, a renew still in flight could reach the database after the release
   * that followed it, and take back the lease given up: standbys would then wait out its lifetime.
   */
  private writes: Promise<unknown> = Promise.resolve();
  /** Epochs up to this one were given up by this node: none of them is renewed again. */
  private releasedUpTo = 0;

  constructor(
    private readonly db: Kysely<Database>,
    readonly nodeId: string,
    readonly ttlMs: number,
  ) {}

  /**
   * Takes the lease if it has lapsed and no `txc serve` holds the database (its venue lock): answers
   * the new epoch, or undefined when another node or a single server holds it.
   */
  async acquire(): Promise<number | undefined> {
    await this.create();
    return this.inTurn(async () => {
      const { rows } = await sql<{ epoch: number }>`
        update cluster_lease
           set epoch = epoch + 1, holder = ${this.nodeId},
               expires_at = clock_timestamp() + ${this.ttlMs} * interval '1 millisecond'
         where id = 1 and (expires_at is null or expires_at <= clock_timestamp())
           and not exists (select from ${sql.raw(VENUE_LOCK_HELD)})
        returning epoch`.execute(this.db);
      return rows[0]?.epoch;
    });
  }

  /** Extends the lease of `epoch`; false once another node has taken it, or this one gave it up. */
  renew(epoch: number): Promise<boolean> {
    return this.inTurn(async () => {
      if (epoch <= this.releasedUpTo) return false;
      const { rows } = await sql<{ epoch: number }>`
        update cluster_lease set expires_at = clock_timestamp() + ${this.ttlMs} * interval '1 millisecond'
         where id = 1 and epoch = ${epoch} and holder = ${this.nodeId}
        returning epoch`.execute(this.db);
      return rows.length === 1;
    });
  }

  /** Gives the lease up at once (a graceful stop): a standby need not wait for it to lapse. */
  release(epoch: number): Promise<void> {
    this.releasedUpTo = Math.max(this.releasedUpTo, epoch);
    return this.inTurn(async () => {
      await sql`update cluster_lease set expires_at = clock_timestamp()
                 where id = 1 and epoch = ${epoch} and holder = ${this.nodeId}`.execute(this.db);
    });
  }

  /** Runs `write` once every write to the lease asked for before it has come back, failed or not. */
  private inTurn<T>(write: () => Promise<T>): Promise<T> {
    const turn = this.writes.then(write);
    this.writes = turn.catch(() => undefined);
    return turn;
  }

  async holder(): Promise<LeaseHolder | undefined> {
    const { rows } = await sql<LeaseHolder>`
      select cluster, epoch, holder, coalesce(expires_at > clock_timestamp(), false) as live,
             (extract(epoch from expires_at) * 1000)::float8 as "expiresAtMs"
        from cluster_lease where id = 1`.execute(this.db);
    return rows[0];
  }

  /** The lease row, made by the first node of a cluster; answers the cluster's name. */
  async create(): Promise<string> {
    await sql`insert into cluster_lease (id, cluster, epoch, holder, expires_at)
              values (1, replace(gen_random_uuid()::text, '-', ''), 0, null, null)
              on conflict (id) do nothing`.execute(this.db);
    return (await this.holder())!.cluster;
  }
}
