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
export function room(state: State, o: Order): number {
  return closable(positionSize(state, o.user, o.market, o.positionSide), o.side);
}

/** A closing order follows its position down: its remaining amount is cut to `lots`. */
export function shrink(x: Exec, o: Order, lots: number): void {
  const cut = o.left - lots;
  if (cut <= 0) return;
  const resting = !isStop(o) || o.activated !== 0;
  if (resting) x.mt.book.reduce(o, cut);
  else o.left = lots;
  o.amount = o.dealStock + o.left;
}

/**
 * After a position changed, its closing orders (reduce-only, OTO legs, hedge-mode closes) never
 * exceed it: each is cut to what the position has left, and cancelled once the position is closed
 * or faces the other way. The order executing now is left to its own run (`skip`).
 */
export function fitClosingOrders(x: Exec, user: string, side: PositionSide, skip: Order): void {
  const market = x.units.spec.name;
  const size = positionSize(x.state, user, market, side);
  for (const o of openOrdersOf(x.trading, user)) {
    if (o === skip || o.left === 0 || o.finished !== null || o.market !== market || o.account !== 'collateral')
      continue;
    if (o.positionSide !== side || !closes(o)) continue;
    const r = closable(size, o.side);
    if (r === 0) cancelOpen(x, o);
    else if (o.left > r) shrink(x, o, r);
  }
}
