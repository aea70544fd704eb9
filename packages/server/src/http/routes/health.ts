import type { FastifyInstance } from 'fastify';
import type { Venue } from '../../venue/venue.js';
import { settledWithin } from '../../timing/settled-within.js';
import { STALLED_COMMIT_MS } from '../../venue/commit-stall.js';

/** How long the store may take to answer the health check's ping before it counts as unreachable. */
const PING_TIMEOUT_MS = 1_000;

export interface HealthBody {
  /** `ok` when the store answers and the venue takes writes; `unavailable` otherwise. */
  readonly status: 'ok' | 'unavailable';
  readonly store: {
    readonly kind: 'sqlite' | 'postgres';
    readonly reachable: boolean;
    readonly writable: boolean;
    /**
     * How long the oldest group commit under way has waited for the store, whole seconds (0: none,
     * or under a second); STALLED_COMMIT_MS or more is not ready.
     */
    readonly commitWaitingSeconds: number;
  };
  /** The venue is rebuilding its state from the store after a failed commit. */
  readonly recovering: boolean;
  /** Seq of the last durable command. */
  readonly seq: number;
  readonly lastCommitAt: string | null;
  /** Seq of the latest snapshot (0 when none). */
  readonly snapshotSeq: number;
  readonly startedAt: string;
  readonly uptimeSeconds: number;
  /** Where this process stands in a cluster (absent on a single server). */
  readonly cluster?: ClusterPlace;
}

/** A process of a cluster: its role, its node id, and the leader's as the lease shows it. */
export interface ClusterPlace {
  readonly role: 'leader' | 'standby' | 'gateway';
  readonly node: string;
  readonly leader: string | null;
  /** The lease epoch this leader holds, or the latest the standby saw. */
  readonly epoch: number | null;
  /** Connected to the cluster's NATS: without it a gateway reaches no leader, and no gateway reaches a leader. */
  readonly nats: boolean;
  /** A gateway given Redis: whether it reaches it (without it, each gateway counts the shared limits alone). */
  readonly redis?: boolean;
  /**
   * A gateway's or a standby's: false when the leader keeps renewing its lease but does not answer
   * this process over NATS, which is then another NATS than the leader's (cluster/leader-reach.ts).
   */
  readonly leaderAnswers?: boolean;
}

function reachable(venue: Venue): Promise<boolean> {
  const pinged = venue.store.ping().then(
    () => true,
    () => false,
  );
  return settledWithin(pinged, PING_TIMEOUT_MS, () => false);
}

/**
 * `GET /health`, for load balancers and monitoring: 200 when the venue can take writes, 503 when
 * it cannot (store unreachable, a group commit waiting for it STALLED_COMMIT_MS, recovering from a
 * failed commit, or a cluster's leader cut off from NATS). The body is the same report
 * in both cases, never an error body: a monitor wants the details most when it is down.
 */
export function healthRoute(app: FastifyInstance, venue: Venue, cluster?: () => ClusterPlace): void {
  const startedAt = venue.clock.nowMs();
  app.get('/health', async (_request, reply) => {
    const up = await reachable(venue);
    const s = venue.status;
    const place = cluster?.();
    const stalled = s.commitWaitingMs >= STALLED_COMMIT_MS;
    const ok = up && s.writable && !s.recovering && !stalled && place?.nats !== false;
    const now = venue.clock.nowMs();
    const body: HealthBody = {
      status: ok ? 'ok' : 'unavailable',
      store: {
        kind: venue.store.kind,
        reachable: up,
        writable: s.writable,
        commitWaitingSeconds: Math.floor(s.commitWaitingMs / 1000),
      },
      recovering: s.recovering,
      seq: s.seq,
      lastCommitAt: s.lastCommitAt === undefined ? null : new Date(s.lastCommitAt).toISOString(),
      snapshotSeq: s.snapshotSeq,
      startedAt: new Date(startedAt).toISOString(),
      uptimeSeconds: Math.floor((now - startedAt) / 1000),
      ...(place === undefined ? {} : { cluster: place }),
    };
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
