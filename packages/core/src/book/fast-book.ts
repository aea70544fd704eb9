import type { BookEntry, LevelView, OrderBook, Side } from './book.js';
import { LevelHeap, PriceLevel } from './level-heap.js';

/**
 * The production book: per side a map price → level and a heap of levels; per level an intrusive
 * doubly linked FIFO. Add is O(1) on an existing level (O(log levels) for a new one), cancel is
 * O(1) unlinking (O(log levels) when the level empties), and the best entry is O(1). Nothing is
 * allocated per order beyond the entry itself.
 */
export class FastBook<E extends BookEntry> implements OrderBook<E> {
  private readonly bidLevels = new Map<number, PriceLevel>();
  private readonly askLevels = new Map<number, PriceLevel>();
  private readonly bidHeap = new LevelHeap('buy');
  private readonly askHeap = new LevelHeap('sell');
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(entry: E): void {
    const buy = entry.side === 'buy';
    const levels = buy ? this.bidLevels : this.askLevels;
    let level = levels.get(entry.price);
    if (level === undefined) {
      level = new PriceLevel(entry.price);
      levels.set(entry.price, level);
      (buy ? this.bidHeap : this.askHeap).push(level);
    }
    entry.level = level;
    entry.next = null;
    entry.prev = level.tail;
    if (level.tail === null) level.head = entry;
    else level.tail.next = entry;
    level.tail = entry;
    level.lots += entry.left;
    if (!entry.hidden) level.visibleLots += entry.left;
    level.count++;
    this.count++;
  }

  remove(entry: E): void {
    const level = entry.level as PriceLevel;
    const prev = entry.prev;
    const next = entry.next;
    if (prev === null) level.head = next;
    else prev.next = next;
    if (next === null) level.tail = prev;
    else next.prev = prev;
    entry.prev = null;
    entry.next = null;
    entry.level = null;
    level.lots -= entry.left;
    if (!entry.hidden) level.visibleLots -= entry.left;
    this.count--;
    if (--level.count === 0) {
      if (entry.side === 'buy') {
        this.bidLevels.delete(level.price);
        this.bidHeap.delete(level);
      } else {
        this.askLevels.delete(level.price);
        this.askHeap.delete(level);
      }
    }
  }

  reduce(entry: E, lots: number): void {
    const level = entry.level as PriceLevel;
    entry.left -= lots;
    level.lots -= lots;
    if (!entry.hidden) level.visibleLots -= lots;
  }

  best(side: Side): E | undefined {
    const top = (side === 'buy' ? this.bidHeap : this.askHeap).top;
    return top === undefined ? undefined : (top.head as E);
  }

  levels(side: Side, max: number): LevelView[] {
    const sorted = this.sortedLevels(side);
    const out: LevelView[] = [];
    for (const level of sorted) {
      if (out.length >= max) break;
      if (level.visibleLots > 0) out.push({ price: level.price, lots: level.visibleLots });
    }
    return out;
  }

  entries(side: Side): E[] {
    const out: E[] = [];
    for (const level of this.sortedLevels(side)) {
      for (let e = level.head; e !== null; e = e.next) out.push(e as E);
    }
    return out;
  }

  private sortedLevels(side: Side): PriceLevel[] {
    const items = [...(side === 'buy' ? this.bidHeap : this.askHeap).items];
    return side === 'buy' ? items.sort((a, b) => b.price - a.price) : items.sort((a, b) => a.price - b.price);
  }
}

export function fastBook<E extends BookEntry>(): OrderBook<E> {
  return new FastBook<E>();
}
