import type { BookEntry, LevelView, OrderBook, Side } from './book.js';
import { LevelHeap, PriceLevel } from './level-heap.js';

/**
 * How many emptied levels a side keeps for reuse beyond as many as it has live ones. Prices near
 * the touch empty and fill again all the time: keeping their level saves allocating it and churning
 * the map (whose deletions pile up until it rehashes), and the surplus is swept now and then.
 */
const SPARE_LEVELS = 64;

/**
 * The production book: per side a map price → level and a heap of levels; per level an intrusive
 * doubly linked FIFO. Add is O(1) on an existing level (O(log levels) for a new one), cancel is
 * O(1) unlinking (O(log levels) when the level empties), and the best entry is O(1). Nothing is
 * allocated per order beyond the entry itself. An emptied level leaves the heap but stays in the
 * map, empty, until its price is used again or the spare levels are swept.
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
    }
    if (level.count === 0) (buy ? this.bidHeap : this.askHeap).push(level);
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
      if (entry.side === 'buy') this.emptied(this.bidLevels, this.bidHeap, level);
      else this.emptied(this.askLevels, this.askHeap, level);
    }
  }

  /** A level lost its last entry: it leaves the heap and waits in the map as a spare. */
  private emptied(levels: Map<number, PriceLevel>, heap: LevelHeap, level: PriceLevel): void {
    heap.delete(level);
    const spares = levels.size - heap.items.length;
    if (spares > heap.items.length + SPARE_LEVELS) dropEmptyLevels(levels);
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
      for (let entry = level.head; entry !== null; entry = entry.next) out.push(entry as E);
    }
    return out;
  }

  private sortedLevels(side: Side): PriceLevel[] {
    const items = [...(side === 'buy' ? this.bidHeap : this.askHeap).items];
    return side === 'buy' ? items.sort((a, b) => b.price - a.price) : items.sort((a, b) => a.price - b.price);
  }
}

function dropEmptyLevels(levels: Map<number, PriceLevel>): void {
  for (const [price, level] of levels) if (level.count === 0) levels.delete(price);
}

export function fastBook<E extends BookEntry>(): OrderBook<E> {
  return new FastBook<E>();
}
