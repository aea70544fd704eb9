import type { Position } from '../state/collateral-state.js';
import { adlRanking } from '../collateral/adl-ranking.js';
import type { Exec } from './exec-context.js';
import { notional } from './fees.js';
import { movePosition, type MoveCause } from './collateral-fill.js';

/** What moves positions in auto-deleveraging: no order, no trade of the book. */
const DELEVERAGED: MoveCause = { orderId: 0, tradeId: 0, order: null, skip: null, deleveraged: true };

/**
 * Auto-deleveraging (docs/decisions.md): what is left of `user`'s liquidated perpetual position is
 * closed against the opposite positions of other accounts, in ADL ranking order, at `price` (its
 * bankruptcy price), without fee and outside the book — no trade is printed and no stop is set off.
 * Each match closes as much of both as the smaller holds. Returns the lots closed.
 */
export function deleverage(exec: Exec, user: string, pos: Position, price: number): number {
  const spec = exec.units.spec;
  const now = exec.ctx.time;
  const selling = pos.size > 0;
  let closed = 0;
  for (const { user: other, position } of adlRanking(exec.state, spec.name, selling ? 'short' : 'long', now)) {
    const left = Math.abs(pos.size);
    if (left === 0) break;
    const lots = Math.min(left, Math.abs(position.size));
    if (other === user || lots === 0) continue;
    const value = notional(exec.units, price, lots);
    exec.ctx.emit({
      type: 'PositionDeleveraged',
      market: spec.name,
      price,
      lots,
      time: now,
      liquidated: { user, positionId: pos.id, positionSide: pos.side },
      counterparty: { user: other, positionId: position.id, positionSide: position.side },
    });
    movePosition(exec, user, pos.side, selling ? -lots : lots, price, value, 0n, DELEVERAGED);
    movePosition(exec, other, position.side, selling ? lots : -lots, price, value, 0n, DELEVERAGED);
    closed += lots;
  }
  return closed;
}
