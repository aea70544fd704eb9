import { closes, openOrdersOf, type CancelReason, type OrderFinished, type OrderView, type State } from '@txc/core';
import type { AppliedCommand } from '../channel.js';

/** `ordersPending_update` events (websocket spec §7.4): 1 new (or a stop activated), 2 updated, 3 finished. */
export type OrderEvent = 1 | 2 | 3;

/** What one command did to one order, the order as it stands after the command, and why it was cancelled. */
export interface OrderChange {
  readonly event: OrderEvent;
  readonly order: OrderView;
  readonly reason: CancelReason | null;
}

/**
 * Which orders each command changed, in the order the command touched them, one change per order:
 * an order the command created is new (1) unless it also finished (3: an order filled on arrival is
 * one event 3); a stop that triggered is new again (1, same id); an open order that traded, or a
 * closing order that followed its position, is updated (2); any order that left the book is
 * finished (3). Orders the command created are told by their ids: every id from the one the venue
 * would have given before the command up to the one it gives now (this also finds OTO legs, which
 * the engine arms without an event of their own).
 */
export class OrderChanges {
  private nextId: number;

  constructor(state: State) {
    this.nextId = state.trading.nextOrderId;
  }

  /** Ids continue from here (the venue rebuilt its state, or commands went by unread). */
  skipTo(state: State): void {
    this.nextId = state.trading.nextOrderId;
  }

  /** The changes of a command (only scanning the closing orders of users `wants` accepts). */
  of({ events }: AppliedCommand, state: State, wants: (user: string) => boolean): OrderChange[] {
    const firstNew = this.nextId;
    this.nextId = state.trading.nextOrderId;
    const touched = new Set<number>();
    const activated = new Set<number>();
    const finished = new Map<number, OrderFinished>();
    for (const e of events) {
      if (e.type === 'TradeExecuted') {
        touched.add(e.maker.id).add(e.taker.id);
      } else if (e.type === 'StopActivated') {
        touched.add(e.orderId);
        activated.add(e.orderId);
      } else if (e.type === 'OrderFinished') {
        touched.add(e.order.id);
        finished.set(e.order.id, e);
      } else if (e.type === 'PositionChanged' && wants(e.user)) {
        for (const o of openOrdersOf(state.trading, e.user)) {
          if (o.account === 'collateral' && o.market === e.market && o.positionSide === e.positionSide && closes(o)) {
            touched.add(o.id);
          }
        }
      }
    }
    for (let id = firstNew; id < this.nextId; id++) touched.add(id);
    const out: OrderChange[] = [];
    for (const id of touched) {
      const done = finished.get(id);
      const open = done === undefined ? state.trading.orders.get(id) : undefined;
      if (done !== undefined) out.push({ event: 3, order: done.order, reason: done.reason });
      else if (open !== undefined) {
        out.push({ event: id >= firstNew || activated.has(id) ? 1 : 2, order: open, reason: null });
      }
    }
    return out;
  }
}
