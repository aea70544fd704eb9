import { accountFigures, liquidationState, type AccountLiquidated, type LiquidationState } from '@txc/core';
import { readTime } from '../../account-views/collateral-views.js';
import type { AppliedCommand, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { atMost } from '../params.js';
import { pushFrame } from '../protocol.js';
import { AccountChannel } from './account-channel.js';
import { userOf } from './account-followers.js';

/** How often followed accounts are looked at for a margin call. */
const EVERY_MS = 1000;

/** `event_type` of the margin event streams (websocket spec §7.8, §7.10). */
export const MARGIN_CALL = 1;
export const LIQUIDATION = 2;

/**
 * An event-only account channel (`positionsAccountMargin`, `borrowsAccountMargin`: websocket spec
 * §7.8, §7.10): `[event_type, record]` frames, one per record, when the account enters margin call
 * (its equity falls below its initial margin: looked at each second) and when the venue liquidates
 * it (at once, from the liquidation's own event). No snapshot, no replay: an account already in
 * margin call when it is first followed is not told again until it leaves it and comes back.
 */
export abstract class MarginEvents extends AccountChannel<null> {
  /** The stage each followed account was last seen at. */
  private readonly stages = new Map<string, LiquidationState>();
  private readonly timer: NodeJS.Timeout;

  constructor(name: string, ctx: StreamContext) {
    super(name, ctx);
    this.timer = setInterval(() => this.tick(), EVERY_MS);
    this.timer.unref();
  }

  /** The account's records now, for a margin call. */
  protected abstract records(user: string, now: number): unknown[];

  /** The records a liquidation event carries, read once the command that liquidated has applied. */
  protected abstract liquidated(e: AccountLiquidated, applied: AppliedCommand, now: number): unknown[];

  /** Sees each followed account at subscribe and at every look (what a liquidation may need to remember). */
  protected observe(_user: string, _now: number): void {}

  /** The user no longer has followers. */
  protected forget(_user: string): void {}

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    atMost(params, 0);
    const user = userOf(conn);
    if (!this.stages.has(user)) this.stages.set(user, this.stageOf(user));
    this.observe(user, this.now());
    this.followers.follow(conn, null);
  }

  onCommand(applied: AppliedCommand): void {
    if (this.followers.empty) return;
    for (const e of applied.events) {
      if (e.type !== 'AccountLiquidated' || !this.followers.wants(e.user)) continue;
      this.push(e.user, LIQUIDATION, this.liquidated(e, applied, this.now()));
      this.stages.set(e.user, this.stageOf(e.user));
    }
  }

  protected forgetAll(): void {
    this.stages.clear();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  protected now(): number {
    return readTime(this.ctx.venue.state, this.ctx.venue.clock.nowMicros());
  }

  private stageOf(user: string): LiquidationState {
    return liquidationState(accountFigures(this.ctx.venue.state, user, this.now()));
  }

  private push(user: string, event: number, records: readonly unknown[]): void {
    if (records.length === 0) return;
    const texts = records.map((r) => pushFrame(`${this.name}_update`, jsonText([event, r])));
    this.ctx.outbox.later(() => {
      for (const text of texts) this.followers.send(user, text);
    });
  }

  private tick(): void {
    const now = this.now();
    for (const [user, was] of [...this.stages]) {
      if (!this.followers.wants(user)) {
        this.stages.delete(user);
        this.forget(user);
        continue;
      }
      const stage = this.stageOf(user);
      this.stages.set(user, stage);
      if (was === null && stage !== null) this.push(user, MARGIN_CALL, this.records(user, now));
      this.observe(user, now);
    }
  }
}
