import type { Exec } from './exec-context.js';
import { cancelOpen } from './finish.js';
import { newOrder, type Order, type OrderTerms, type OrderView, type OtoLink } from '../state/order.js';
import { indexOpen } from '../state/trading-state.js';
import type { OtoGroup } from '../state/collateral-state.js';

/**
 * OTO groups (reference §6.1): a collateral order placed with `stopLoss` and/or `takeProfit` is the
 * parent; each of its fills arms the legs — reduce-only trigger orders on the other side that
 * close, at market, what the parent has filled since the legs were last armed, and grow with each
 * further fill. When a leg triggers the other is cancelled; cancelling the parent, or the group,
 * cancels the live legs.
 */
export function createGroup(x: Exec, parent: Order, link: OtoLink): void {
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
  x.state.collateral.otos.set(link.id, group);
}

function liveLeg(x: Exec, id: number | null): Order | undefined {
  return id === null ? undefined : x.trading.orders.get(id);
}

/** The parent filled `lots` more: the waiting legs grow by them, or are armed for what it has filled. */
export function armLegs(x: Exec, parent: Order, lots: number): void {
  const link = parent.oto;
  const group = link === null ? undefined : x.state.collateral.otos.get(link.id);
  if (link === null || group === undefined) return;
  group.covered += lots;
  for (const role of ['stopLoss', 'takeProfit'] as const) {
    const trigger = link[role];
    if (trigger === null) continue;
    const live = liveLeg(x, role === 'stopLoss' ? group.stopLossId : group.takeProfitId);
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
    const leg = newOrder(x.trading.nextOrderId++, terms, x.ctx.time, rising ? 'gte' : 'lte', {
      amount: group.covered,
      byMoney: false,
      positionSide: parent.positionSide,
      reduceOnly: true,
      rpi: false,
      oto: { ...link, role },
    });
    indexOpen(x.trading, leg);
    x.mt.stops.add(leg);
    if (role === 'stopLoss') group.stopLossId = leg.id;
    else group.takeProfitId = leg.id;
  }
}

/** A leg triggered: it leaves the group (the other leg is cancelled); later parent fills arm new legs. */
export function detachLegs(x: Exec, leg: Order): void {
  const group = leg.oto === null ? undefined : x.state.collateral.otos.get(leg.oto.id);
  if (group === undefined) return;
  const other = liveLeg(x, group.stopLossId === leg.id ? group.takeProfitId : group.stopLossId);
  group.stopLossId = null;
  group.takeProfitId = null;
  group.covered = 0;
  if (other !== undefined) cancelOpen(x, other);
  if (!group.parentOpen) x.state.collateral.otos.delete(group.id);
}

/**
 * Cancels an open order at its owner's wish: by request, or by the self-trade prevention of their
 * own new order. An OTO parent takes its live legs with it.
 */
export function cancelByUser(x: Exec, o: Order): OrderView {
  const view = cancelOpen(x, o);
  const group = o.oto?.role === 'parent' ? x.state.collateral.otos.get(o.oto.id) : undefined;
  if (group !== undefined) cancelLegs(x, group);
  return view;
}

/** Cancels a group's live legs. */
export function cancelLegs(x: Exec, group: OtoGroup): Order[] {
  const out: Order[] = [];
  for (const id of [group.stopLossId, group.takeProfitId]) {
    const leg = liveLeg(x, id);
    if (leg !== undefined) {
      cancelOpen(x, leg);
      out.push(leg);
    }
  }
  return out;
}
