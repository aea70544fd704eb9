import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Config } from '../config/schema.js';
import { admissionSubject } from './admission.js';
import { noResponders } from './leader-request.js';
import type { Lease, LeaseHolder } from './lease.js';

/**
 * Asks the leader over NATS: true when it answered, false when NATS knew no one to answer (no
 * responders), undefined when the ping failed otherwise and so tells nothing (a timeout: a leader busy,
 * or one cut off that NATS has not noticed yet; a subject refused by the NATS user's permissions).
 */
export type Ping = () => Promise<boolean | undefined>;

/**
 * Renewals of its lease seen while its leader did not answer one ping after another, before this
 * process counts as cut off from it. Two: a leader that renewed once between a look at the lease and
 * its death looks like one renewal unheard; nothing renews twice after its death.
 */
const RENEWALS_UNHEARD = 2;

/**
 * Whether the leader a live lease names answers this process over NATS. A leader that keeps renewing
 * its lease (its expiry moves on in PostgreSQL) while NATS knows no one to answer for it is on another
 * NATS than this process: a wrong `--cluster` URL that reaches some other NATS server, or a leader
 * still starting (not yet subscribed). Only that counts; a ping that times out (a leader too busy, or
 * cut off without NATS having noticed yet) tells nothing. A gateway cut off serves nothing and must not
 * look ready. A standby cut off asks the gateways before it takes a lapsed lease (`gatewaysMayAnswer`):
 * on the cluster's NATS they answer and it takes over as always; on another NATS none does, and it must
 * not lead a venue no gateway reaches.
 */
export class LeaderReach {
  private epoch: number | undefined;
  /** The lease's expiry at the last unanswered ping of the present run of them; undefined after an answer. */
  private lastUnheardExpiry: number | undefined;
  private renewalsUnheard = 0;
  private pinging = false;

  constructor(private readonly ping: Ping) {}

  /** Something else the leader answered (a gateway's request): as good as a ping answered. */
  answered(): void {
    this.heard();
  }

  /** Cut off from the leader of the last live lease seen. */
  get cutOff(): boolean {
    return this.renewalsUnheard >= RENEWALS_UNHEARD;
  }

  /**
   * The lease as just read; `self`: this node's id (a node does not ping itself). Pings its leader,
   * one ping at a time, without waiting for the answer: a leader too busy to answer at once holds
   * up nothing here.
   */
  observe(held: LeaseHolder | undefined, self?: string): void {
    if (held?.live !== true || held.expiresAtMs === null || held.holder === self) return;
    const { epoch, expiresAtMs } = held;
    if (epoch !== this.epoch) {
      this.epoch = epoch;
      this.heard();
    }
    if (this.pinging) return;
    this.pinging = true;
    void this.ping().then((answered) => {
      this.pinging = false;
      if (epoch !== this.epoch || answered === undefined) return;
      if (answered) return this.heard();
      if (this.lastUnheardExpiry !== undefined && expiresAtMs > this.lastUnheardExpiry) this.renewalsUnheard++;
      this.lastUnheardExpiry = expiresAtMs;
    });
  }

  private heard(): void {
    this.lastUnheardExpiry = undefined;
    this.renewalsUnheard = 0;
  }
}

/**
 * A third of a lease lifetime, as often as the leader renews it: how often the others look at the
 * lease, and how long a standby's question waits (a leader answers in a millisecond; one busy for
 * longer than a renewal is not taken for cut off).
 */
export function renewalPeriodMs(config: Config): number {
  return Math.max(100, Math.floor(config.lease.ttlMs / 3));
}

/**
 * Pings the leader on the gateways' admission subject (an empty batch, which only a leader answers):
 * true when it answered, false when NATS knows no one there to answer; undefined for any other
 * failure (a timeout, a subject the process's NATS user may not publish on), which tells nothing.
 */
export function pingLeader(nats: NatsConnection, cluster: string, timeoutMs: number): Ping {
  return () =>
    nats.request(admissionSubject(cluster), '[]', { timeout: timeoutMs }).then(
      () => true,
      (error: unknown) => (noResponders(error) ? false : undefined),
    );
}

/**
 * Looks at the lease every `everyMs` and has `reach` ping its leader; `onLook` hears each look that
 * read the lease. One look at a time: while PostgreSQL hangs they do not pile up.
 */
export function watchLeader(
  lease: Lease,
  reach: LeaderReach,
  everyMs: number,
  onLook: (held: LeaseHolder | undefined) => void,
): () => void {
  let looking = false;
  const timer = setInterval(() => {
    if (looking) return;
    looking = true;
    void lease
      .holder()
      .then(
        (held) => {
          reach.observe(held);
          onLook(held);
        },
        () => undefined,
      )
      .finally(() => {
        looking = false;
      });
  }, everyMs);
  return () => clearInterval(timer);
}

/** Where gateways answer that they are there: what a standby cut off from its leader asks before it leads. */
const gatewaysSubject = (cluster: string): string => `txc.${cluster}.gateways`;

/** A gateway's answer to `gatewaysMayAnswer`: its node id. */
export function answerAsGateway(nats: NatsConnection, cluster: string, nodeId: string): Subscription {
  return nats.subscribe(gatewaysSubject(cluster), {
    callback: (error, msg) => {
      if (error === null) msg.respond(nodeId);
    },
  });
}

/**
 * Whether a gateway of the cluster may be there on this process's NATS: false only when NATS knows no
 * one to answer. A timeout or a refused subject tells nothing, and a node must not stay out of the
 * lease on nothing.
 */
export function gatewaysMayAnswer(nats: NatsConnection, cluster: string, timeoutMs: number): Promise<boolean> {
  return nats.request(gatewaysSubject(cluster), '', { timeout: timeoutMs }).then(
    () => true,
    (error: unknown) => !noResponders(error),
  );
}
