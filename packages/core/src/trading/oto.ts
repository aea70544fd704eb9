import type { Exec } from './exec-context.js';
import type { CancelReason } from '../events/event.js';
import { cancelOpen } from './finish.js';
import { room, shrink } from './closing-orders.js';
import { newOrder, type Order, type OrderTerms, type OrderView, type OtoLink } from '../state/order.js';
import { indexOpen } from '../state/trading-state.js';
import type { OtoGroup } from '../state/collateral-state.js';
import { follows, RULES } from '../state/rules.js';

/**
 * OTO groups (reference §6.1): a collateral order placed with `stopLoss` and/or `takeProfit` is the
 * parent; each of its fills arms the legs — reduce-only trigger orders on the other side that
 * close, at market, what the parent has filled since the legs were last armed, and grow with each
 * further fill. The legs are placed once the parent has filled, so the trades of the command that
 * armed them (the rest of a sweep, the stops it set off) do not set them off; the next trade at
 * their price does. A leg set off leaves the other covering what it did not close (`legExecuted`),
 * cancelled once nothing is left; cancelling the parent, or the group, cancels the live legs.
 */
export function createGroup(exec: Exec, parent: Order, link: OtoLink): void {
  const group: OtoGroup = {
    id: link.id,
    user: parent.user,
    market: parent.market,
    parentId: parent.id,
    parentOpen: true,
    covered: 0,
    stopLossId: null,
    takeProfitId: null,
  };
  exec.state.collateral.otos.set(link.id, group);
}

function liveLeg(exec: Exec, id: number | null): Order | undefined {
  return id === null ? undefined : exec.trading.orders.get(id);
}

/** The parent filled `lots` more: the waiting legs grow by them, or are armed for what it has filled. */
export function armLegs(exec: Exec, parent: Order, lots: number): void {
  const link = parent.oto;
  const group = link === null ? undefined : exec.state.collateral.otos.get(link.id);
  if (link === null || group === undefined) return;
  group.covered += lots;
  for (const role of ['stopLoss', 'takeProfit'] as const) {
    const trigger = link[role];
    if (trigger === null || group[CANCELLED[role]] === true) continue;
    const live = liveLeg(exec, role === 'stopLoss' ? group.stopLossId : group.takeProfitId);
    if (live !== undefined) {
      live.amount += lots;
      live.left += lots;
      continue;
    }
    const closesLong = parent.side === 'buy';
    // a long's stop-loss triggers on a fall and its take-profit on a rise; a short's the reverse
    const rising = (role === 'takeProfit') === closesLong;
    const terms: OrderTerms = {
      user: parent.user,
      account: 'collateral',
      market: parent.market,
      side: closesLong ? 'sell' : 'buy',
      orderType: 'stop market',
      clientOrderId: '',
      price: 0,
      postOnly: false,
      ioc: false,
      stp: parent.stp,
      activationPrice: trigger.ticks,
      activationPriceText: trigger.text,
    };
    const leg = newOrder(exec.trading.nextOrderId++, terms, exec.ctx.time, rising ? 'gte' : 'lte', {
      amount: group.covered,
      byMoney: false,
      positionSide: parent.positionSide,
      reduceOnly: true,
      rpi: false,
      oto: { ...link, role },
    });
    indexOpen(exec.trading, leg);
    exec.market.stops.add(leg);
    // the rest of this command's trades happened as the leg was being placed: later ones set it off
    if (follows(exec.state, RULES.legsArmAfterCommand)) exec.armed.add(leg);
    if (role === 'stopLoss') group.stopLossId = leg.id;
    else group.takeProfitId = leg.id;
  }
}

/** A leg triggered: it leaves the group (the other leg is cancelled); later parent fills arm new legs. */
export function detachLegs(exec: Exec, leg: Order): void {
  const group = leg.oto === null ? undefined : exec.state.collateral.otos.get(leg.oto.id);
  if (group === undefined) return;
  const other = liveLeg(exec, group.stopLossId === leg.id ? group.takeProfitId : group.stopLossId);
  group.stopLossId = null;
  group.takeProfitId = null;
  group.covered = 0;
  if (other !== undefined) cancelOpen(exec, other);
  if (!group.parentOpen) exec.state.collateral.otos.delete(group.id);
}

/**
 * A leg set off goes on to execute (from rules 6): it leaves its group, so that nothing of this
 * command cancels it as a live leg mid-run; its sibling waits for the outcome (`legExecuted`). What
 * the parent fills from now on is counted afresh, as when the legs were first armed.
 */
export function legSetOff(exec: Exec, leg: Order): void {
  const group = leg.oto === null ? undefined : exec.state.collateral.otos.get(leg.oto.id);
  if (group === undefined) return;
  if (group.stopLossId === leg.id) group.stopLossId = null;
  if (group.takeProfitId === leg.id) group.takeProfitId = null;
  group.covered = 0;
}

/**
 * A leg set off has executed (from rules 6). The other leg is left covering what this one did not
 * close — nothing once it closed all it was set off for, the rest when the book ran out first — and
 * what the parent filled during its run (its own bid, self-trade allowed), and so is a leg of this
 * one's role that those fills armed: the rest of the position keeps its stop-loss and take-profit.
 * With nothing to cover, the other leg is cancelled.
 */
export function legExecuted(exec: Exec, leg: Order): void {
  const link = leg.oto;
  if (link === null || link.role === 'parent') return;
  const group = exec.state.collateral.otos.get(link.id);
  if (group === undefined) return;
  const other = liveLeg(exec, link.role === 'stopLoss' ? group.takeProfitId : group.stopLossId);
  if (other === undefined) return;
  // the position's changes in the leg's run have cut the other leg to the position already
  const open = leg.left + group.covered;
  if (open === 0) {
    cancelOpen(exec, other);
    return;
  }
  shrink(exec, other, open);
  // a leg of this one's role that the parent's fills armed during the run covers the rest too
  const again = liveLeg(exec, link.role === 'stopLoss' ? group.stopLossId : group.takeProfitId);
  const most = again === undefined ? 0 : Math.min(open, room(exec.state, again));
  if (again !== undefined && again.left < most) {
    again.amount += most - again.left;
    again.left = most;
  }
  group.covered = open;
}

/** Where a group notes that its owner cancelled a leg. */
const CANCELLED = { stopLoss: 'stopLossCancelled', takeProfit: 'takeProfitCancelled' } as const;

/**
 * Cancels an open order at its owner's wish: by request, or by the self-trade prevention of their
 * own new order (also what a liquidation does to each order). An OTO parent takes its live legs with
 * it, for the same `reason`; a leg cancelled so stays cancelled (from rules version 3: before, the
 * parent's next fill armed it again, for all it had filled).
 */
export function cancelByUser(exec: Exec, order: Order, reason: CancelReason | null = null): OrderView {
  const view = cancelOpen(exec, order, reason);
  const link = order.oto;
  const group = link === null ? undefined : exec.state.collateral.otos.get(link.id);
  if (link === null || group === undefined) return view;
  if (link.role === 'parent') cancelLegs(exec, group, reason);
  else if (follows(exec.state, RULES.finalLegCancel)) group[CANCELLED[link.role]] = true;
  return view;
}

/** Cancels a group's live legs. */
export function cancelLegs(exec: Exec, group: OtoGroup, reason: CancelReason | null = null): Order[] {
  const out: Order[] = [];
  for (const id of [group.stopLossId, group.takeProfitId]) {
    const leg = liveLeg(exec, id);
    if (leg !== undefined) {
      cancelOpen(exec, leg, reason);
      out.push(leg);
    }
  }
  return out;
}
