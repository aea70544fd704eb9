import type { Order } from './order.js';

/**
 * The stops of one market waiting for a trade price, in the order they trigger: `gte` stops by
 * rising activation price, `lte` stops by falling activation price, each then by placement (id).
 * The head of each list is the next to trigger, so checking a trade price is O(1) when nothing
 * triggers.
 */
export class StopList {
  readonly gte: Order[] = [];
  readonly lte: Order[] = [];

  get size(): number {
    return this.gte.length + this.lte.length;
  }

  add(order: Order): void {
    const list = order.activationCondition === 'gte' ? this.gte : this.lte;
    list.splice(this.position(list, order), 0, order);
  }

  remove(order: Order): void {
    const list = order.activationCondition === 'gte' ? this.gte : this.lte;
    const i = this.position(list, order) - 1;
    if (list[i] !== order) throw new Error(`stop ${order.id} is not in the trigger list`);
    list.splice(i, 1);
  }

  /** Takes out, in trigger order, every stop that a trade at `price` ticks sets off. */
  triggered(price: number, out: Order[]): void {
    const gte = this.gte;
    let n = 0;
    while (n < gte.length && (gte[n] as Order).activationPrice <= price) n++;
    if (n > 0) for (const o of gte.splice(0, n)) out.push(o);
    const lte = this.lte;
    n = 0;
    while (n < lte.length && (lte[n] as Order).activationPrice >= price) n++;
    if (n > 0) for (const o of lte.splice(0, n)) out.push(o);
  }

  /** Whether a trade at `price` would set any stop off (cheap check for the hot path). */
  wouldTrigger(price: number): boolean {
    const g = this.gte[0];
    if (g !== undefined && g.activationPrice <= price) return true;
    const l = this.lte[0];
    return l !== undefined && l.activationPrice >= price;
  }

  /** Index after every entry that comes before or equals `order` in trigger order (binary search). */
  private position(list: Order[], order: Order): number {
    const rising = order.activationCondition === 'gte';
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const m = list[mid] as Order;
      const before =
        m.activationPrice === order.activationPrice
          ? m.id <= order.id
          : rising
            ? m.activationPrice < order.activationPrice
            : m.activationPrice > order.activationPrice;
      if (before) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
