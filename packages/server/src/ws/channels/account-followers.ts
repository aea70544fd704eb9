import { Audience } from '../audience.js';
import type { WsConnection } from '../connection.js';
import type { DurableOutbox } from '../durable-outbox.js';
import { TextFrame } from '../text-frame.js';

/** A connection's subscription to an account channel: whose account, and the channel's own terms. */
interface Follow<R> {
  readonly user: string;
  readonly terms: R;
}

/** The user an account channel serves on this connection (the hub lets only authorized ones in). */
export function userOf(conn: WsConnection): string {
  if (conn.auth === undefined) throw new Error('account channel on a connection that is not authorized');
  return conn.auth.user;
}

/**
 * Who follows one account channel (websocket spec §7): connections keyed by the user they are
 * authorized as, so that a user's updates reach that user's sockets and nobody else's. Each
 * connection keeps its own terms (assets, markets, a filter). A subscription starts receiving once
 * everything queued before it in the durable outbox has been sent, so it sees exactly the updates of
 * the commands applied after it.
 */
export class AccountFollowers<R> {
  private readonly audience = new Audience();
  /** Subscriptions per user, counted from the subscribe (before they start receiving). */
  private readonly wanted = new Map<string, number>();

  constructor(
    private readonly channel: string,
    private readonly outbox: DurableOutbox,
  ) {}

  /**
   * Records the connection's subscription, replacing its previous one on this channel; `first`
   * (frames captured now: a snapshot) is sent to it when it starts receiving.
   */
  follow(conn: WsConnection, terms: R, first: readonly string[] = []): void {
    this.drop(conn);
    const follow: Follow<R> = { user: userOf(conn), terms };
    conn.subscriptions.set(this.channel, follow);
    this.wanted.set(follow.user, (this.wanted.get(follow.user) ?? 0) + 1);
    this.outbox.later(() => {
      if (conn.closed || conn.subscriptions.get(this.channel) !== follow) return;
      this.audience.add(follow.user, conn);
      for (const text of first) conn.send(text);
    });
  }

  /** Forgets the connection's subscription, if it has one. */
  drop(conn: WsConnection): void {
    const follow = conn.subscriptions.get(this.channel) as Follow<R> | undefined;
    if (follow === undefined) return;
    conn.subscriptions.delete(this.channel);
    this.audience.remove(follow.user, conn);
    const left = (this.wanted.get(follow.user) ?? 1) - 1;
    if (left > 0) this.wanted.set(follow.user, left);
    else this.wanted.delete(follow.user);
  }

  /** Whether anyone follows the user's account (or is about to). */
  wants(user: string): boolean {
    return this.wanted.has(user);
  }

  get empty(): boolean {
    return this.wanted.size === 0;
  }

  /** The users followed (or about to be). */
  users(): IterableIterator<string> {
    return this.wanted.keys();
  }

  /** Whether a connection receiving the user's updates has started. */
  receiving(user: string): boolean {
    return this.audience.has(user);
  }

  /** Sends one serialized frame to each of the user's connections whose terms accept it. */
  send(user: string, text: string, accepts: (terms: R) => boolean = () => true): void {
    const frame = new TextFrame(text);
    for (const conn of this.audience.of(user)) {
      const follow = conn.subscriptions.get(this.channel) as Follow<R> | undefined;
      if (follow !== undefined && accepts(follow.terms)) conn.send(frame);
    }
  }

  clear(): void {
    this.audience.clear();
    this.wanted.clear();
  }
}
