import { release } from './settlement.js';
import { isStop, type Order, type OrderStatus, type OrderView } from '../state/order.js';
import { unindexOpen } from '../state/trading-state.js';
import type { Exec } from './exec-context.js';

/** The asset an order holds: money for buys, stock for sells. */
export function heldAsset(x: Exec, o: Order): string {
  return o.side === 'buy' ? x.money : x.stock;
}

/**
 * Takes an order out of the open indexes for good: releases its hold and records how it ended. The
 * finished order itself goes into the event: nothing changes it any more.
 */
export function finish(x: Exec, o: Order, status: OrderStatus): void {
  release(x.state, o, heldAsset(x, o));
  unindexOpen(x.trading, o);
  o.status = status;
  o.finished = x.ctx.time;
  x.ctx.emit({ type: 'OrderFinished', order: o });
  if (o.oto !== null) otoOrderFinished(x, o);
}

/**
 * Takes an open order out of its book or trigger list and finishes it as cancelled. A stop that a
 * trade of this command set off waits in `triggered`: it is only finished there (the queue skips it).
 */
export function cancelOpen(x: Exec, o: Order): OrderView {
  if (isStop(o) && o.activated === 0) {
    if (!x.triggered.includes(o)) x.mt.stops.remove(o);
  } else x.mt.book.remove(o);
  finish(x, o, 'CANCELLED');
  return o;
}

/** Keeps a group's record in step with its orders; a group ends when its parent and legs are done. */
function otoOrderFinished(x: Exec, o: Order): void {
  const link = o.oto;
  const group = link === null ? undefined : x.state.collateral.otos.get(link.id);
  if (link === null || group === undefined) return;
  if (link.role === 'parent') group.parentOpen = false;
  if (group.stopLossId === o.id) group.stopLossId = null;
  if (group.takeProfitId === o.id) group.takeProfitId = null;
  if (group.stopLossId === null && group.takeProfitId === null) {
    group.covered = 0;
    if (!group.parentOpen) x.state.collateral.otos.delete(group.id);
  }
}
