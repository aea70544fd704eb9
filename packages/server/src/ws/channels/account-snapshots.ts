import { readTime } from '../../account-views/collateral-views.js';
import type { StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { atMost } from '../params.js';
import { pushFrame } from '../protocol.js';
import { AccountChannel } from './account-channel.js';
import { userOf } from './account-followers.js';
import { ChangedFrames, type FramesByKey } from './changed-frames.js';

/**
 * An account channel of full snapshots (`positionsMargin`, `borrowsMargin`: websocket spec §7.7,
 * §7.9): `{"total", "records"}` of the whole account, sent when a connection subscribes and then,
 * on the channel's period, to the user's connections whenever it differs from the last one sent
 * (docs/decisions.md, "Account streams": the docs say both "every second" and "when it changes").
 */
export abstract class AccountSnapshots extends AccountChannel<null> {
  /** The frame last sent per user. */
  private readonly shown: ChangedFrames<null>;

  constructor(name: string, ctx: StreamContext, everyMs: number) {
    super(name, ctx);
    this.shown = new ChangedFrames(ctx.outbox, this.followers, everyMs, (user) => this.snapshot(this.frame(user)));
  }

  /** The account's records now (`now`: microseconds the figures are read at). */
  protected abstract records(user: string, now: number): unknown[];

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    atMost(params, 0);
    const user = userOf(conn);
    const text = this.frame(user);
    this.shown.showing(user, () => this.snapshot(text));
    this.followers.follow(conn, null, [text]);
  }

  protected forgetAll(): void {
    this.shown.clear();
  }

  stop(): void {
    this.shown.stop();
  }

  /** The whole account is one frame, under one key. */
  private snapshot(text: string): FramesByKey {
    return new Map([[this.name, text]]);
  }

  private frame(user: string): string {
    const { state } = this.ctx.venue;
    const records = this.records(user, readTime(state, this.ctx.venue.clock.nowMicros()));
    return pushFrame(`${this.name}_update`, jsonText({ total: records.length, records }));
  }
}
