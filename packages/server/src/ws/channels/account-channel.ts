import type { Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { wholeUnsubscribe } from '../params.js';
import { AccountFollowers } from './account-followers.js';

/**
 * What every account channel (websocket spec §7) does alike: its followers keyed by user, an
 * unsubscribe that takes no params and drops the whole subscription, a disconnect that forgets the
 * connection, a reset that forgets every follower and what the channel derived from memory.
 */
export abstract class AccountChannel<R> implements Channel {
  readonly private = true;
  protected readonly followers: AccountFollowers<R>;

  constructor(
    readonly name: string,
    protected readonly ctx: StreamContext,
  ) {
    this.followers = new AccountFollowers(name, ctx.outbox);
  }

  abstract subscribe(conn: WsConnection, params: readonly unknown[]): void;

  unsubscribe(conn: WsConnection, params: readonly unknown[]): void {
    wholeUnsubscribe(params);
    this.followers.drop(conn);
  }

  disconnect(conn: WsConnection): void {
    this.followers.drop(conn);
  }

  onReset(): void {
    this.followers.clear();
    this.forgetAll();
  }

  /** Drops what the channel keeps beside its followers (a reset). */
  protected abstract forgetAll(): void;
}
