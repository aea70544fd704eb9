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

  /**
   * Takes out, in trigger order, every stop that a trade at `price` ticks sets off, but those in
   * `held` (stops that this trade may not set off yet), which stay where they are.
   */
  triggered(price: number, out: Order[], held: ReadonlySet<Order>): void {
    const gte = this.gte;
    let count = 0;
    while (count < gte.length && (gte[count] as Order).activationPrice <= price) count++;
    if (count > 0) takeHead(gte, count, out, held);
    const lte = this.lte;
    count = 0;
    while (count < lte.length && (lte[count] as Order).activationPrice >= price) count++;
    if (count > 0) takeHead(lte, count, out, held);
  }

  /** Whether a trade at `price` would set any stop off (cheap check for the hot path). */
  wouldTrigger(price: number): boolean {
    const nextRising = this.gte[0];
    if (nextRising !== undefined && nextRising.activationPrice <= price) return true;
    const nextFalling = this.lte[0];
    return nextFalling !== undefined && nextFalling.activationPrice >= price;
  }

  /** Index after every entry that comes before or equals `order` in trigger order (binary search). */
  private position(list: Order[], order: Order): number {
    const rising = order.activationCondition === 'gte';
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const other = list[mid] as Order;
      const before =
        other.activationPrice === order.activationPrice
          ? other.id <= order.id
          : rising
            ? other.activationPrice < order.activationPrice
            : other.activationPrice > order.activationPrice;
      if (before) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Moves the first `count` stops of `list` to `out`, in order, leaving those in `held` at its head. */
function takeHead(list: Order[], count: number, out: Order[], held: ReadonlySet<Order>): void {
  const reached = list.splice(0, count);
  if (held.size === 0) {
    for (const order of reached) out.push(order);
    return;
  }
  const kept: Order[] = [];
  for (const order of reached) (held.has(order) ? kept : out).push(order);
  if (kept.length > 0) list.unshift(...kept);
}
