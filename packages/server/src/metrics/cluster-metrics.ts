import type { Metric, Registry } from 'prom-client';
import type { HttpMetrics } from './metrics.js';
import { settledWithin } from '../timing/settled-within.js';

export type ClusterRole = 'leader' | 'standby' | 'gateway';
const ROLES: readonly ClusterRole[] = ['leader', 'standby', 'gateway'];

/** What a process of a cluster knows of itself at once, without asking anyone. */
export interface ClusterSelf {
  readonly role: ClusterRole;
  /** Its connection to the cluster's NATS is up at this moment. */
  readonly natsConnected: boolean;
  /** Seq of the last journal entry its state has applied (undefined: it has loaded none yet). */
  readonly appliedSeq: number | undefined;
  /** A gateway given Redis: whether it reaches it now (undefined on every other process). */
  readonly redisConnected?: boolean | undefined;
}

/** Where the cluster stands as this process reads it, at each scrape; undefined where it could not tell. */
export interface ClusterStanding {
  /** Seq of the journal's last committed entry. */
  readonly journalSeq: number | undefined;
  /** The lease's epoch. */
  readonly epoch: number | undefined;
  /** Whether a node holds a live lease (leads). */
  readonly leaderLive: boolean | undefined;
}

/** How long a scrape waits for the store's answers before it reports them as unknown. */
const STANDING_WAIT_MS = 2_000;
const UNKNOWN: ClusterStanding = { journalSeq: undefined, epoch: undefined, leaderLive: undefined };

type Value = { readonly labels: Readonly<Record<string, string>>; readonly value: number };

/**
 * A gauge whose samples are read when it is scraped, and which has none while its value is not
 * known (a 0 there would read as a figure). Exported as prom-client exports a gauge.
 */
class ReadGauge {
  readonly type = 'gauge';
  readonly aggregator = 'sum';

  constructor(
    readonly name: string,
    readonly help: string,
    registry: Registry,
    private readonly read: () => readonly Value[],
  ) {
    registry.registerMetric(this as unknown as Metric);
  }

  get(): Promise<{ name: string; help: string; type: 'gauge'; aggregator: 'sum'; values: readonly Value[] }> {
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values: this.read(),
    });
  }

  reset(): void {}
}

const one = (value: number | boolean | undefined): readonly Value[] =>
  value === undefined ? [] : [{ labels: {}, value: typeof value === 'boolean' ? Number(value) : value }];

/**
 * The gauges every process of a cluster exports, the leader, a standby and a gateway alike: its
 * role, whether it reaches NATS, how far its state has applied the journal and how far the journal
 * goes (their difference is its lag), and the lease as it last read it. `standing` is read before
 * each scrape is rendered (a query of the store, perhaps), and given up after STANDING_WAIT_MS.
 */
export function watchCluster(
  metrics: HttpMetrics,
  self: () => ClusterSelf,
  standing: () => Promise<ClusterStanding>,
): void {
  const { registry } = metrics;
  let last = UNKNOWN;
  metrics.beforeRender(async () => {
    last = await settledWithin(
      standing().catch(() => UNKNOWN),
      STANDING_WAIT_MS,
      () => UNKNOWN,
    );
  });
  new ReadGauge(
    'txc_cluster_role',
    'The role of this process in its cluster: 1 for the role it has now, 0 for the others',
    registry,
    () => {
      const role = self().role;
      return ROLES.map((r) => ({ labels: { role: r }, value: r === role ? 1 : 0 }));
    },
  );
  new ReadGauge(
    'txc_cluster_nats_connected',
    '1 while the connection of this process to the NATS of its cluster is up',
    registry,
    () => one(self().natsConnected),
  );
  new ReadGauge(
    'txc_cluster_redis_connected',
    '1 while a gateway reaches the Redis it shares rate limits in; 0 while it counts them alone (none without Redis)',
    registry,
    () => one(self().redisConnected),
  );
  new ReadGauge(
    'txc_cluster_applied_seq',
    'Seq of the last journal entry the state of this process has applied (none before it has loaded the journal)',
    registry,
    () => one(self().appliedSeq),
  );
  new ReadGauge(
    'txc_cluster_journal_seq',
    'Seq of the last committed journal entry, as this process reads it (none while it cannot)',
    registry,
    () => one(last.journalSeq),
  );
  new ReadGauge(
    'txc_cluster_lease_epoch',
    'Epoch of the lease of the cluster, as this process last read it',
    registry,
    () => one(last.epoch),
  );
  new ReadGauge(
    'txc_cluster_leader_live',
    '1 while a node holds a live lease (the cluster has a leader), as this process last read it',
    registry,
    () => one(last.leaderLive),
  );
}
