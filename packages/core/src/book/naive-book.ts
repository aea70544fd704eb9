import { betterPrice, type BookEntry, type LevelView, type OrderBook, type Side } from './book.js';

/**
 * The reference book: each side one array in priority order, kept by linear insertion. Obviously
 * correct and slow; the fast book must behave exactly like it.
 */
export class NaiveBook<E extends BookEntry> implements OrderBook<E> {
  private readonly bids: E[] = [];
  private readonly asks: E[] = [];

  get size(): number {
    return this.bids.length + this.asks.length;
  }

  add(entry: E): void {
    const list = entry.side === 'buy' ? this.bids : this.asks;
    let i = 0;
    while (i < list.length && !betterPrice(entry.side, entry.price, (list[i] as E).price)) i++;
    list.splice(i, 0, entry);
  }

  remove(entry: E): void {
    const list = entry.side === 'buy' ? this.bids : this.asks;
    const i = list.indexOf(entry);
    if (i < 0) throw new Error(`order ${entry.id} is not in the book`);
    list.splice(i, 1);
  }

  reduce(entry: E, lots: number): void {
    entry.left -= lots;
  }

  best(side: Side): E | undefined {
    return (side === 'buy' ? this.bids : this.asks)[0];
  }

  levels(side: Side, max: number): LevelView[] {
    const out: { price: number; lots: number }[] = [];
    for (const entry of side === 'buy' ? this.bids : this.asks) {
      if (entry.hidden) continue;
      const last = out[out.length - 1];
      if (last !== undefined && last.price === entry.price) last.lots += entry.left;
      else {
        if (out.length >= max) break;
        out.push({ price: entry.price, lots: entry.left });
      }
    }
    return out;
  }

  entries(side: Side): E[] {
    return [...(side === 'buy' ? this.bids : this.asks)];
  }
}

export function naiveBook<E extends BookEntry>(): OrderBook<E> {
  return new NaiveBook<E>();
}
