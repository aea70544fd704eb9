import type { AccountLiquidated } from '@txc/core';
import type { Channel, StreamContext } from '../channel.js';
import { wsSeconds } from '../wire.js';
import { borrowRecords, type BorrowRecord } from './borrow-record.js';
import { MarginEvents } from './margin-events.js';

/**
 * `borrowsAccountMargin` (websocket spec §7.10): `[1, borrow]` for each borrow when the account
 * enters margin call; `[2, borrow]` for each borrow when the venue liquidates it — those still owed
 * after the liquidation, and those it repaid (amount 0), which the channel remembers from its last
 * look at the account.
 */
export class BorrowsAccountMarginChannel extends MarginEvents {
  /** Each followed account's borrows at the last look. */
  private readonly seen = new Map<string, BorrowRecord[]>();

  constructor(ctx: StreamContext) {
    super('borrowsAccountMargin', ctx);
  }

  protected records(user: string, now: number): unknown[] {
    return borrowRecords(this.ctx.venue.state, user, now);
  }

  protected liquidated(e: AccountLiquidated, _applied: unknown, now: number): unknown[] {
    const owed = borrowRecords(this.ctx.venue.state, e.user, now);
    const still = new Set(owed.map((r) => r.asset));
    const repaid = (this.seen.get(e.user) ?? [])
      .filter((r) => !still.has(r.asset))
      .map((r) => ({ ...r, mtime: wsSeconds(e.time), amount: '0', unrealized_funding: '0', liq_price: null }));
    this.seen.set(e.user, owed);
    return [...owed, ...repaid];
  }

  protected override observe(user: string, now: number): void {
    this.seen.set(user, borrowRecords(this.ctx.venue.state, user, now));
  }

  protected override forget(user: string): void {
    this.seen.delete(user);
  }

  override onReset(): void {
    super.onReset();
    this.seen.clear();
  }
}

export const borrowsAccountMarginChannel = (ctx: StreamContext): Channel => new BorrowsAccountMarginChannel(ctx);
