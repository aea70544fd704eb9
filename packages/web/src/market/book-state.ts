import type { StreamDepth, StreamLevel } from '@txc/sdk';
import { compareDecimal, isZero } from '../ui/decimal.js';

export interface Book {
  readonly asks: StreamLevel[];
  readonly bids: StreamLevel[];
  readonly updateId: number;
}

export const EMPTY_BOOK: Book = { asks: [], bids: [], updateId: 0 };

function merge(levels: StreamLevel[], changes: StreamLevel[], ascending: boolean): StreamLevel[] {
  const byPrice = new Map<string, string>();
  for (const [price, amount] of levels) byPrice.set(price, amount);
  // an amount of 0 removes the level (websocket spec §6.8)
  for (const [price, amount] of changes) {
    if (isZero(amount)) byPrice.delete(price);
    else byPrice.set(price, amount);
  }
  const merged = [...byPrice.entries()] as StreamLevel[];
  merged.sort((a, b) => (ascending ? compareDecimal(a[0], b[0]) : compareDecimal(b[0], a[0])));
  return merged;
}

/**
 * The book after one `depth_update`: a snapshot replaces it, a delta changes the levels it names.
 * A delta that does not follow the last update seen means one was lost: the caller resubscribes.
 */
export function applyDepth(book: Book, full: boolean, data: StreamDepth): Book | 'gap' {
  if (full) return { asks: merge([], data.asks, true), bids: merge([], data.bids, false), updateId: data.update_id };
  if (data.past_update_id !== undefined && data.past_update_id !== book.updateId) return 'gap';
  return {
    asks: merge(book.asks, data.asks, true),
    bids: merge(book.bids, data.bids, false),
    updateId: data.update_id,
  };
}
