import { release } from './settlement.js';
import { canRepay, repayIdleLoan } from '../collateral/idle-loans.js';
import { follows, RULES } from '../state/rules.js';
import { isStop, type Order, type OrderStatus, type OrderView } from '../state/order.js';
import { unindexOpen } from '../state/trading-state.js';
import { dissolveOcoGroup, siblingLeg } from '../state/oco-groups.js';
import type { Exec } from './exec-context.js';
import type { CancelReason } from '../events/event.js';

/** The asset an order holds: money for buys, stock for sells. */
export function heldAsset(exec: Exec, order: Order): string {
  return order.side === 'buy' ? exec.money : exec.stock;
}

/**
 * Takes an order out of the open indexes for good: releases its hold and records how it ended. The
 * finished order itself goes into the event: nothing changes it any more. A FILLED order has nothing
 * left: a market buy whose last money could not pay for one more lot, or a stock-market buy its
 * balance stopped short, executed all it could, and what it did not spend goes back with its hold.
 * `reason` (a cancel's, see CancelReason) is only told in the event: the state keeps none, so
 * giving one decides nothing and needs no rules version.
 */
export function finish(exec: Exec, order: Order, status: OrderStatus, reason: CancelReason | null = null): void {
  release(exec.state, order, heldAsset(exec, order));
  if (order.account === 'collateral' && follows(exec.state, RULES.idleLoansRepaid)) repayReleased(exec, order);
  unindexOpen(exec.trading, order);
  if (status === 'FILLED') order.left = 0;
  order.status = status;
  order.finished = exec.ctx.time;
  exec.ctx.emit({ type: 'OrderFinished', order, reason });
  if (order.oto !== null) otoOrderFinished(exec, order);
  if (exec.state.ocos.size !== 0) endOcoGroup(exec, order, reason);
}

/**
 * A collateral order finished (what it held is available again): on a market where its owner holds
 * no position, the account's available balances repay the loan still owed there, if they hold any of
 * what it owes (a closing order cancelled once the position closed had held the asset the closing
 * fill then borrowed).
 */
function repayReleased(exec: Exec, order: Order): void {
  const user = exec.state.users.get(order.user);
  if (user !== undefined && canRepay(exec.state, user, order.market)) {
    repayIdleLoan(exec.state, user, order.market, exec.ctx.time);
  }
}

/**
 * Takes an open order out of its book or trigger list and finishes it as cancelled. A stop that a
 * trade of this command set off waits in `triggered`: it is only finished there (the queue skips it).
 */
export function cancelOpen(exec: Exec, order: Order, reason: CancelReason | null = null): OrderView {
  if (isStop(order) && order.activated === 0) {
    if (!exec.triggered.includes(order)) exec.market.stops.remove(order);
  } else exec.market.book.remove(order);
  finish(exec, order, 'CANCELLED', reason);
  return order;
}

/** Keeps a group's record in step with its orders; a group ends when its parent and legs are done. */
function otoOrderFinished(exec: Exec, order: Order): void {
  const link = order.oto;
  const group = link === null ? undefined : exec.state.collateral.otos.get(link.id);
  if (link === null || group === undefined) return;
  if (link.role === 'parent') group.parentOpen = false;
  if (group.stopLossId === order.id) group.stopLossId = null;
  if (group.takeProfitId === order.id) group.takeProfitId = null;
  if (group.stopLossId === null && group.takeProfitId === null) {
    group.covered = 0;
    if (!group.parentOpen) exec.state.collateral.otos.delete(group.id);
  }
}

/**
 * An OCO leg traded, was set off, or ended: only one leg of a group may execute, so the group
 * dissolves and its other leg, if still open, is cancelled in this same command. A stop leg set off
 * by a trade takes the limit leg out (and its hold back) before it runs as a limit order itself.
 * The other leg of one cancelled for a reason goes for the same reason.
 */
export function endOcoGroup(exec: Exec, order: Order, reason: CancelReason | null = null): void {
  const group = exec.state.ocos.get(order.id);
  const otherId = group === undefined ? undefined : siblingLeg(group, order.id);
  if (group === undefined || otherId === undefined) return;
  dissolveOcoGroup(exec.state.ocos, group);
  const other = exec.trading.orders.get(otherId);
  if (other !== undefined && other.finished === null) cancelOpen(exec, other, reason);
}
