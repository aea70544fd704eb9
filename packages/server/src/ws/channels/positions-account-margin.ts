import { accountFigures, accountView, type AccountLiquidated, type Position, type PositionChanged } from '@txc/core';
import type { AppliedCommand, Channel, StreamContext } from '../channel.js';
import { MarginEvents } from './margin-events.js';
import { positionRecord, positionRecords } from './position-record.js';

/** A position the command closed, as its last change left it: no size, its realized PnL and funding kept. */
function closedPosition(e: PositionChanged): Position {
  return {
    id: e.positionId,
    market: e.market,
    side: e.positionSide,
    size: 0,
    basis: 0n,
    realized: e.realizedTotal,
    funding: e.fundingTotal,
    fees: 0n,
    openedAt: e.openedAt,
    modifiedAt: e.time,
  };
}

/**
 * `positionsAccountMargin` (websocket spec §7.8): `[1, position]` for each open position when the
 * account enters margin call; `[2, position]` for each position a liquidation acted on, with
 * `liq_stage` `liquidation` — the part it left open, or, once closed, the position as its closing
 * fill left it (amount 0).
 */
export class PositionsAccountMarginChannel extends MarginEvents {
  constructor(ctx: StreamContext) {
    super('positionsAccountMargin', ctx);
  }

  protected records(user: string, now: number): unknown[] {
    return positionRecords(this.ctx.venue.state, user, now);
  }

  protected liquidated(e: AccountLiquidated, { events }: AppliedCommand, now: number): unknown[] {
    const { state } = this.ctx.venue;
    const open = new Map([...accountView(state, e.user).positions.values()].map((p) => [p.id, p]));
    const lastChange = new Map<number, PositionChanged>();
    for (const c of events) if (c.type === 'PositionChanged' && c.user === e.user) lastChange.set(c.positionId, c);
    const f = accountFigures(state, e.user, now);
    return e.positionIds.flatMap((id) => {
      const change = lastChange.get(id);
      const pos = open.get(id) ?? (change === undefined ? undefined : closedPosition(change));
      return pos === undefined ? [] : [positionRecord(state, e.user, pos, f, now, 'liquidation')];
    });
  }
}

export const positionsAccountMarginChannel = (ctx: StreamContext): Channel => new PositionsAccountMarginChannel(ctx);
