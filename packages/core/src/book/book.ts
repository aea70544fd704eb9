/** Which side of the book an order rests on. */
export type Side = 'buy' | 'sell';

/**
 * What a book holds: an order's place in price-time priority. Prices are integer ticks and
 * quantities integer lots, both JS safe integers (the edge checks they fit). The link fields belong
 * to the fast book (an intrusive FIFO per price level); other books leave them null.
 */
export interface BookEntry {
  readonly id: number;
  readonly side: Side;
  /** Ticks. */
  readonly price: number;
  /** Lots still resting. */
  left: number;
  /** Rests hidden from the public book (RPI orders); matched like any other. */
  readonly hidden: boolean;
  prev: BookEntry | null;
  next: BookEntry | null;
  level: unknown;
}

/** A price level as the public book shows it. */
export interface LevelView {
  /** Ticks. */
  readonly price: number;
  /** Lots of the orders visible at this price. */
  readonly lots: number;
}

/**
 * One market's resting orders in price-time priority. Buys are best at the highest price, sells
 * at the lowest; within a price, first in first out. The fast book and the naive reference book
 * implement this same contract and are held to the same tests.
 */
export interface OrderBook<E extends BookEntry> {
  /** Appends the entry at the tail of its price level. */
  add(entry: E): void;
  /** Takes a resting entry out of the book. */
  remove(entry: E): void;
  /** A partial fill: the entry keeps its place with `lots` fewer left. */
  reduce(entry: E, lots: number): void;
  /** The entry first in priority on a side. */
  best(side: Side): E | undefined;
  /** Number of resting entries. */
  readonly size: number;
  /** Visible levels, best first, at most `max` (hidden entries left out; empty levels too). */
  levels(side: Side, max: number): LevelView[];
  /** Every entry of a side in priority order. */
  entries(side: Side): E[];
}

export type BookFactory = <E extends BookEntry>() => OrderBook<E>;

/** Whether a price `a` comes before `b` on a side (better for the one who rests there). */
export function betterPrice(side: Side, a: number, b: number): boolean {
  return side === 'buy' ? a > b : a < b;
}
