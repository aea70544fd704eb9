import type { BookEntry, Side } from './book.js';

/** One price level of the fast book: an intrusive FIFO of its entries and its running totals. */
export class PriceLevel {
  head: BookEntry | null = null;
  tail: BookEntry | null = null;
  /** Lots of every entry, and of the visible ones. */
  lots = 0;
  visibleLots = 0;
  count = 0;
  /** Position in the side's heap. */
  heapIndex = -1;

  constructor(readonly price: number) {}
}

/**
 * The levels of one side, as a binary heap with each level knowing its position: the best level
 * in O(1), a new or emptied level in O(log levels), with no scan and no renumbering of orders.
 */
export class LevelHeap {
  readonly items: PriceLevel[] = [];
  private readonly buy: boolean;

  constructor(side: Side) {
    this.buy = side === 'buy';
  }

  get top(): PriceLevel | undefined {
    return this.items[0];
  }

  push(level: PriceLevel): void {
    level.heapIndex = this.items.length;
    this.items.push(level);
    this.up(level.heapIndex);
  }

  delete(level: PriceLevel): void {
    const items = this.items;
    const i = level.heapIndex;
    const last = items.pop() as PriceLevel;
    level.heapIndex = -1;
    if (last === level) return;
    items[i] = last;
    last.heapIndex = i;
    this.up(i);
    this.down(last.heapIndex);
  }

  private before(a: PriceLevel, b: PriceLevel): boolean {
    return this.buy ? a.price > b.price : a.price < b.price;
  }

  private up(i: number): void {
    const items = this.items;
    const level = items[i] as PriceLevel;
    while (i > 0) {
      const parentIndex = (i - 1) >> 1;
      const parent = items[parentIndex] as PriceLevel;
      if (!this.before(level, parent)) break;
      items[i] = parent;
      parent.heapIndex = i;
      i = parentIndex;
    }
    items[i] = level;
    level.heapIndex = i;
  }

  private down(i: number): void {
    const items = this.items;
    const size = items.length;
    const level = items[i] as PriceLevel;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= size) break;
      const right = left + 1;
      let childIndex = left;
      if (right < size && this.before(items[right] as PriceLevel, items[left] as PriceLevel)) childIndex = right;
      const child = items[childIndex] as PriceLevel;
      if (!this.before(child, level)) break;
      items[i] = child;
      child.heapIndex = i;
      i = childIndex;
    }
    items[i] = level;
    level.heapIndex = i;
  }
}
