import type { Channel, StreamContext } from '../channel.js';
import { AccountSnapshots } from './account-snapshots.js';
import { positionRecords } from './position-record.js';

/** How often the positions are looked at (websocket spec §7.7). */
const EVERY_MS = 1000;

/** `positionsMargin` (websocket spec §7.7): every open position of the account, as REST's open positions. */
export class PositionsMarginChannel extends AccountSnapshots {
  constructor(ctx: StreamContext) {
    super('positionsMargin', ctx, EVERY_MS);
  }

  protected records(user: string, now: number): unknown[] {
    return positionRecords(this.ctx.venue.state, user, now);
  }
}

export const positionsMarginChannel = (ctx: StreamContext): Channel => new PositionsMarginChannel(ctx);
