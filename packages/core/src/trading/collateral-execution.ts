import type { Exec } from './exec-context.js';
import { affordableLots, limitBuyHold } from './fees.js';
import { finish } from './finish.js';
import type { Order } from '../state/order.js';
import { room, shrink } from './closing-orders.js';
import { applyHold, planHold } from '../collateral/holds.js';
import { closes } from '../collateral/margin.js';
import { follows, RULES } from '../state/rules.js';
import { detachLegs } from './oto.js';
import { walkBook } from './book-walk.js';

/** How many of `want` lots a collateral taker takes: closing orders no more than their position. */
export function collateralLots(x: Exec, t: Order, m: Order, want: number): number {
  let lots = want;
  if (closes(t)) {
    const r = room(x.state, t);
    if (r < lots) lots = r;
  }
  // a market buy on a spot pair holds the cost of its walk of the book: what it can pay for
  if (!x.perp && t.side === 'buy' && t.type === 'stock market') lots = affordableLots(x.units, t, m.price, lots);
  return lots;
}

/** A collateral limit order about to rest: a closing one is cut to its position, or cancelled without one. */
export function collateralRunEnd(x: Exec, o: Order): boolean {
  if (!closes(o)) return true;
  const r = room(x.state, o);
  if (r === 0) {
    finish(x, o, 'CANCELLED');
    return false;
  }
  if (o.left > r) {
    o.left = r;
    o.amount = o.dealStock + r;
  }
  return true;
}

/** What a collateral order on a spot pair must hold to execute its remainder now. */
export function holdToExecute(x: Exec, o: Order): bigint {
  const u = x.units;
  if (o.side === 'sell') return BigInt(o.left) * u.lot;
  if (o.type === 'limit' || o.type === 'stop limit') return limitBuyHold(u, o.price, o.left);
  return walkBook(x, o.side, o.left, o.user, o.stp).hold;
}

/**
 * A collateral trigger order was set off. A closing order is cut to its position (cancelled without
 * one); on a spot pair the order is funded now — collateral trigger orders hold nothing while they
 * wait — and cancelled when the account and the lending pool cannot fund it. A leg that goes on to
 * execute takes its sibling down with it; one cancelled here leaves its sibling waiting, so the
 * position is not left without either. Returns whether it goes on to execute.
 */
export function activateCollateral(x: Exec, s: Order): boolean {
  const leg = s.oto !== null && s.oto.role !== 'parent';
  // under the first rules a leg took its sibling down before it was known to execute
  const detachFirst = leg && !follows(x.state, RULES.lockedLeverage);
  if (detachFirst) detachLegs(x, s);
  if (closes(s)) {
    const r = room(x.state, s);
    if (r === 0) {
      finish(x, s, 'CANCELLED');
      return false;
    }
    if (s.left > r) shrink(x, s, r);
  }
  if (!x.perp) {
    const user = x.state.users.get(s.user);
    const ticker = s.side === 'buy' ? x.money : x.stock;
    const plan = user === undefined ? undefined : planHold(x.state, user, ticker, holdToExecute(x, s));
    if (user === undefined || plan === undefined) {
      finish(x, s, 'CANCELLED');
      return false;
    }
    applyHold(x.state, user, s, ticker, plan);
  }
  if (leg && !detachFirst) detachLegs(x, s);
  return true;
}
