import type { Channel, StreamContext } from '../channel.js';
import { AccountSnapshots } from './account-snapshots.js';
import { borrowRecords } from './borrow-record.js';

/** How often the borrows are looked at (websocket spec §7.9). */
const EVERY_MS = 1500;

/** `borrowsMargin` (websocket spec §7.9): what the account owes the lending pool, asset by asset. */
export class BorrowsMarginChannel extends AccountSnapshots {
  constructor(ctx: StreamContext) {
    super('borrowsMargin', ctx, EVERY_MS);
  }

  protected records(user: string, now: number): unknown[] {
    return borrowRecords(this.ctx.venue.state, user, now);
  }
}

export const borrowsMarginChannel = (ctx: StreamContext): Channel => new BorrowsMarginChannel(ctx);
