import { readTime } from '../../account-views/collateral-views.js';
import type { Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { atMost } from '../params.js';
import { pushFrame } from '../protocol.js';
import { AccountFollowers, userOf } from './account-followers.js';

/**
 * An account channel of full snapshots (`positionsMargin`, `borrowsMargin`: websocket spec §7.7,
 * §7.9): `{"total", "records"}` of the whole account, sent when a connection subscribes and then,
 * on the channel's period, to the user's connections whenever it differs from the last one sent
 * (docs/decisions.md, "Account streams": the docs say both "every second" and "when it changes").
 */
export abstract class AccountSnapshots implements Channel {
  abstract readonly name: string;
  readonly private = true;
  private followersOf: AccountFollowers<null> | undefined;
  /** The frame last sent per user. */
  private readonly shown = new Map<string, string>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    protected readonly ctx: StreamContext,
    everyMs: number,
  ) {
    this.timer = setInterval(() => this.tick(), everyMs);
    this.timer.unref();
  }

  /** The account's records now (`now`: microseconds the figures are read at). */
  protected abstract records(user: string, now: number): unknown[];

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    atMost(params, 0);
    const user = userOf(conn);
    const text = this.frame(user);
    if (!this.shown.has(user)) this.shown.set(user, text);
    this.followers.follow(conn, null, [text]);
  }

  unsubscribe(conn: WsConnection, params: readonly unknown[]): void {
    atMost(params, 0);
    this.followers.drop(conn);
  }

  disconnect(conn: WsConnection): void {
    this.followers.drop(conn);
  }

  onReset(): void {
    this.followers.clear();
    this.shown.clear();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private get followers(): AccountFollowers<null> {
    this.followersOf ??= new AccountFollowers(this.name, this.ctx.outbox);
    return this.followersOf;
  }

  private frame(user: string): string {
    const { state } = this.ctx.venue;
    const records = this.records(user, readTime(state, this.ctx.venue.clock.nowMicros()));
    return pushFrame(`${this.name}_update`, jsonText({ total: records.length, records }));
  }

  private tick(): void {
    for (const user of [...this.shown.keys()]) if (!this.followers.wants(user)) this.shown.delete(user);
    for (const user of this.shown.keys()) {
      const text = this.frame(user);
      if (this.shown.get(user) === text) continue;
      this.shown.set(user, text);
      this.ctx.outbox.later(() => this.followers.send(user, text));
    }
  }
}
