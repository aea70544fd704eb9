import type { NatsConnection } from '@nats-io/transport-node';
import type { Config } from '../config/schema.js';
import { admissionSubject } from './admission.js';
import type { LeaseHolder } from './lease.js';

/**
 * Renewals of its lease seen while its leader did not answer one ping after another, before this
 * process counts as cut off from it. Two: a leader that renewed once between a look at the lease and
 * its death looks like one renewal unheard; nothing renews twice after its death.
 */
const RENEWALS_UNHEARD = 2;

/**
 * Whether the leader a live lease names answers this process over NATS. A leader that keeps renewing
 * its lease (its expiry moves on in PostgreSQL) and yet does not answer is alive on another NATS than
 * this process's: a wrong `--cluster` URL that reaches some other NATS server, or a split NATS
 * cluster. Such a gateway serves nothing and must not look ready, and such a standby must not take
 * the lease when it lapses: it would lead a venue no gateway reaches. A leader that died renews
 * nothing, so a standby that could not hear it still takes over.
 */
export class LeaderReach {
  private epoch: number | undefined;
  /** The lease's expiry at the last unanswered ping of the present run of them; undefined after an answer. */
  private lastUnheardExpiry: number | undefined;
  private renewalsUnheard = 0;
  private pinging = false;

  /** `ping` asks the leader over NATS and answers whether it did. */
  constructor(private readonly ping: () => Promise<boolean>) {}

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
      if (epoch !== this.epoch) return;
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

/** A ping's wait: a leader answers in a millisecond; one busy for longer than a renewal is not cut off yet. */
export function pingTimeoutMs(config: Config): number {
  return Math.max(100, Math.floor(config.lease.ttlMs / 3));
}

/** Pings the leader on the gateways' admission subject: an empty batch, which only a leader answers. */
export function pingLeader(nats: NatsConnection, cluster: string, timeoutMs: number): () => Promise<boolean> {
  return () =>
    nats.request(admissionSubject(cluster), '[]', { timeout: timeoutMs }).then(
      () => true,
      () => false,
    );
}
