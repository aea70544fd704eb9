import type { Order } from './order.js';

/** Slots per page: small enough that an old order kept open pins little memory, large enough to keep the table short. */
const PAGE_SIZE = 1024;

/**
 * Pages the table reaches beyond its first (4 billion ids, a table of at most 32 MB). Orders open
 * further away — an id below the first page, or one that old orders would stretch the table past —
 * go to a map instead: never for ids as the engine issues them, but an index must hold any id.
 */
const TABLE_PAGES = 2 ** 22;

/** One page: the slots of PAGE_SIZE consecutive ids, and how many of them hold an order. */
interface Page {
  readonly slots: (Order | undefined)[];
  count: number;
}

/**
 * The open orders by id. Ids are handed out in sequence and an order is indexed when it is placed,
 * so the open ones crowd at the recent end: the index is a table of pages of consecutive ids, and
 * a look-up is two array reads where a Map would hash, probe and, as orders come and go, rehash.
 * A page is dropped when its last order leaves, so memory follows the open orders, not every id
 * ever issued. Iteration runs in id order, which is the order orders were indexed in.
 */
export class OrderIndex {
  /** Pages by page number − `base`; a hole where no order of the page is open. */
  private readonly table: (Page | undefined)[] = [];
  /** Page number of `table[0]`, set by the first order indexed into an empty index. */
  private base = 0;
  /** Pages outside the table's reach, by page number. */
  private readonly far = new Map<number, Page>();
  private count = 0;
  /** The last page emptied, all holes, kept for the next one needed: the table moves along the ids without allocating. */
  private spare: Page | undefined = undefined;

  get size(): number {
    return this.count;
  }

  get(id: number): Order | undefined {
    if (!isSlotId(id)) return undefined;
    return this.pageAt(pageNumber(id))?.slots[id % PAGE_SIZE];
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  /** Indexes an open order under its id (a safe, non-negative integer). */
  set(order: Order): void {
    const id = order.id;
    if (!isSlotId(id)) throw new RangeError(`order id ${id} cannot be indexed`);
    const number = pageNumber(id);
    if (this.count === 0) {
      this.table.length = 0;
      this.far.clear();
      this.base = number;
    }
    const page = this.pageAt(number) ?? this.addPage(number);
    const slot = id % PAGE_SIZE;
    if (page.slots[slot] === undefined) {
      page.count++;
      this.count++;
    }
    page.slots[slot] = order;
  }

  delete(id: number): boolean {
    if (!isSlotId(id)) return false;
    const number = pageNumber(id);
    const page = this.pageAt(number);
    const slot = id % PAGE_SIZE;
    if (page === undefined || page.slots[slot] === undefined) return false;
    page.slots[slot] = undefined;
    this.count--;
    if (--page.count === 0) this.dropPage(number, page);
    return true;
  }

  /** The open orders in id order. */
  *values(): IterableIterator<Order> {
    const far = [...this.far.keys()].sort((a, b) => a - b);
    for (const number of far) if (number < this.base) yield* openIn(this.far.get(number));
    for (const page of this.table) yield* openIn(page);
    for (const number of far) if (number >= this.base) yield* openIn(this.far.get(number));
  }

  private pageAt(number: number): Page | undefined {
    const i = number - this.base;
    return i >= 0 && i < TABLE_PAGES ? this.table[i] : this.far.get(number);
  }

  private addPage(number: number): Page {
    const page = this.spare ?? { slots: new Array<Order | undefined>(PAGE_SIZE).fill(undefined), count: 0 };
    this.spare = undefined;
    const i = number - this.base;
    if (i >= 0 && i < TABLE_PAGES) this.table[i] = page;
    else this.far.set(number, page);
    return page;
  }

  private dropPage(number: number, page: Page): void {
    const i = number - this.base;
    if (i >= 0 && i < TABLE_PAGES) this.table[i] = undefined;
    else this.far.delete(number);
    this.spare = page;
  }
}

function* openIn(page: Page | undefined): IterableIterator<Order> {
  if (page === undefined) return;
  for (const order of page.slots) if (order !== undefined) yield order;
}

function isSlotId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 0;
}

function pageNumber(id: number): number {
  return Math.floor(id / PAGE_SIZE);
}
