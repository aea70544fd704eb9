import { feeRates, type Exec } from './exec-context.js';
import { affordableLots, limitBuyHold } from './fees.js';
import { finish } from './finish.js';
import type { Order } from '../state/order.js';
import { maxFeeRate } from '../state/user-fees.js';
import { room } from './closing-orders.js';
import { applyHold, planHold } from '../collateral/holds.js';
import { closes } from '../collateral/margin.js';
import { follows, RULES } from '../state/rules.js';
import { detachLegs, legSetOff } from './oto.js';
import { walkBook } from './book-walk.js';

/** How many of `want` lots a collateral taker takes: closing orders no more than their position. */
export function collateralLots(exec: Exec, taker: Order, maker: Order, want: number): number {
  let lots = want;
  if (closes(taker)) {
    const roomLeft = room(exec.state, taker);
    if (roomLeft < lots) lots = roomLeft;
  }
  // a market buy on a spot pair holds the cost of its walk of the book: what it can pay for
  if (!exec.perp && taker.side === 'buy' && taker.type === 'stock market')
    lots = affordableLots(exec.units, taker, maker.price, lots, feeRates(exec, taker.user).takerFee);
  return lots;
}

/** A collateral limit order about to rest: a closing one is cut to its position, or cancelled without one. */
export function collateralRunEnd(exec: Exec, order: Order): boolean {
  if (!closes(order)) return true;
  const roomLeft = room(exec.state, order);
  if (roomLeft === 0) {
    finish(exec, order, 'CANCELLED', 'reduce-only');
    return false;
  }
  if (order.left > roomLeft) {
    order.left = roomLeft;
    order.amount = order.dealStock + roomLeft;
  }
  return true;
}

/** What a collateral order on a spot pair must hold to execute its remainder now. */
export function holdToExecute(exec: Exec, order: Order): bigint {
  const units = exec.units;
  if (order.side === 'sell') return BigInt(order.left) * units.lot;
  if (order.type === 'limit' || order.type === 'stop limit')
    return limitBuyHold(units, order.price, order.left, maxFeeRate(feeRates(exec, order.user)));
  return walkBook(exec, order.side, order.left, order.user, order.stp).hold;
}

/**
 * A collateral trigger order was set off. A closing order is cut to its position (cancelled without
 * one); on a spot pair the order is funded now — collateral trigger orders hold nothing while they
 * wait — and cancelled when the account and the lending pool cannot fund it. A leg that goes on to
 * execute takes its sibling down with it; one cancelled here leaves its sibling waiting, so the
 * position is not left without either. Returns whether it goes on to execute.
 */
export function activateCollateral(exec: Exec, stop: Order): boolean {
  const leg = stop.oto !== null && stop.oto.role !== 'parent';
  // under the first rules a leg took its sibling down before it was known to execute
  const detachFirst = leg && !follows(exec.state, RULES.lockedLeverage);
  if (detachFirst) detachLegs(exec, stop);
  if (closes(stop)) {
    const roomLeft = room(exec.state, stop);
    if (roomLeft === 0) {
      finish(exec, stop, 'CANCELLED', 'reduce-only');
      return false;
    }
    // set off, the stop is in neither its trigger list nor the book: its remainder alone is cut
    if (stop.left > roomLeft) {
      stop.left = roomLeft;
      stop.amount = stop.dealStock + roomLeft;
    }
  }
  if (!exec.perp) {
    const user = exec.state.users.get(stop.user);
    const ticker = stop.side === 'buy' ? exec.money : exec.stock;
    const plan = user === undefined ? undefined : planHold(exec.state, user, ticker, holdToExecute(exec, stop));
    if (user === undefined || plan === undefined) {
      finish(exec, stop, 'CANCELLED');
      return false;
    }
    applyHold(exec.state, user, stop, ticker, plan);
  }
  // from rules 6 the sibling waits for the leg's execution (`legExecuted`)
  if (leg && !detachFirst) {
    if (follows(exec.state, RULES.siblingOutlivesShortLeg)) legSetOff(exec, stop);
    else detachLegs(exec, stop);
  }
  return true;
}
