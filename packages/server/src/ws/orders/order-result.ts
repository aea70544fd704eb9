import type { CancelReason, OcoPlaced, OrderView, State } from '@txc/core';
import type { OtoGroupCancelled } from '../../order-entry/cancel-oto.js';
import { userFinishedOrder } from '../../store/user-history.js';
import { readAfterCommit } from '../../venue/read-after-commit.js';
import type { VenueView } from '../../venue/venue-view.js';
import { pendingOrder } from '../channels/order-object.js';

/**
 * An order as the order methods answer it (websocket spec §9.1): the account streams' order object,
 * `mtime` when it last changed — placed, finished (filled on arrival, or cancelled) — as the
 * `ordersPending_update` of the same command shows it, its status too (`reason`: why it was cancelled).
 */
export function orderResult(state: State, o: OrderView, reason: CancelReason | null = null): Record<string, unknown> {
  return pendingOrder(state, o, o.finished ?? o.created, reason);
}

/**
 * Why an order placed just now was cancelled on arrival (self-trade prevention), which only its
 * history record keeps: read there, once its command is durable, for cancelled orders only.
 */
export async function arrivalCancelReason(venue: VenueView, user: string, o: OrderView): Promise<CancelReason | null> {
  if (o.status !== 'CANCELLED') return null;
  return (await readAfterCommit(venue, (store) => userFinishedOrder(store, user, o.id)))?.reason ?? null;
}

/** An OTO group once cancelled: its trigger order and its legs as they ended (null where none was left). */
export function otoCancelResult(state: State, group: OtoGroupCancelled): Record<string, unknown> {
  const shown = (o: OrderView | null) => (o === null ? null : orderResult(state, o));
  return {
    type: 'oto',
    id: group.otoId,
    trigger_order: shown(group.parent),
    stop_loss: shown(group.stopLoss),
    take_profit: shown(group.takeProfit),
  };
}

/**
 * An OCO group, as placed or as cancelled: its id, the stop-loss leg and the take-profit leg
 * (`reasons`: why each was cancelled, for legs cancelled on arrival).
 */
export function ocoResult(
  state: State,
  group: OcoPlaced,
  reasons: { readonly stopLoss: CancelReason | null; readonly takeProfit: CancelReason | null } = {
    stopLoss: null,
    takeProfit: null,
  },
): Record<string, unknown> {
  return {
    type: 'oco',
    id: group.id,
    stop_loss: orderResult(state, group.stopLoss, reasons.stopLoss),
    take_profit: orderResult(state, group.takeProfit, reasons.takeProfit),
  };
}
