import type { State } from '../state/state.js';
import type { Exec } from './exec-context.js';
import { cancelOpen } from './finish.js';
import { isStop, type Order, type OrderSide, type PositionSide } from '../state/order.js';
import { openOrdersOf } from '../state/trading-state.js';
import { positionKey } from '../state/collateral-state.js';
import { closes } from '../collateral/margin.js';

/** The size of a user's position on a market and side, lots (negative: short). */
export function positionSize(state: State, user: string, market: string, side: PositionSide): number {
  return state.collateral.accounts.get(user)?.positions.get(positionKey(market, side))?.size ?? 0;
}

/** How many lots an order on `side` can close of a position of `size`. */
export function closable(size: number, side: OrderSide): number {
  if (side === 'sell') return size > 0 ? size : 0;
  return size < 0 ? -size : 0;
}

/** How many lots a closing order can still close of its position. */
export function room(state: State, order: Order): number {
  return closable(positionSize(state, order.user, order.market, order.positionSide), order.side);
}

/** A closing order follows its position down: its remaining amount is cut to `lots`. */
export function shrink(exec: Exec, order: Order, lots: number): void {
  const cut = order.left - lots;
  if (cut <= 0) return;
  const resting = !isStop(order) || order.activated !== 0;
  if (resting) exec.market.book.reduce(order, cut);
  else order.left = lots;
  order.amount = order.dealStock + order.left;
}

/**
 * After a position changed, its closing orders (reduce-only, OTO legs, hedge-mode closes) never
 * exceed it: each is cut to what the position has left, and cancelled once the position is closed
 * or faces the other way. The order executing now is left to its own run (`skip`).
 */
export function fitClosingOrders(exec: Exec, user: string, side: PositionSide, skip: Order | null): void {
  const market = exec.units.spec.name;
  const size = positionSize(exec.state, user, market, side);
  for (const order of openOrdersOf(exec.trading, user)) {
    if (
      order === skip ||
      order.left === 0 ||
      order.finished !== null ||
      order.market !== market ||
      order.account !== 'collateral'
    )
      continue;
    if (order.positionSide !== side || !closes(order)) continue;
    const most = closable(size, order.side);
    if (most === 0) cancelOpen(exec, order, 'reduce-only');
    else if (order.left > most) shrink(exec, order, most);
  }
}
