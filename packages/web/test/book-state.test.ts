import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StreamDepth, StreamLevel } from '@txc/sdk';
import fc from 'fast-check';
import { applyDepth, EMPTY_BOOK, type Book } from '../src/market/book-state.js';

const price = fc.integer({ min: 1, max: 40 }).map((n) => `${100 + n}.5`);
const amount = fc.oneof(
  fc.constant('0'),
  fc.integer({ min: 1, max: 999 }).map((n) => `0.${String(n).padStart(3, '0')}`),
);
const changes = fc.array(fc.tuple(price, amount), { maxLength: 8 });

/** The model: a map of price to amount per side, a zero amount removing the level. */
function model(levels: Map<string, string>, batch: [string, string][]): void {
  for (const [p, a] of batch) {
    if (/^0(\.0*)?$/.test(a)) levels.delete(p);
    else levels.set(p, a);
  }
}

function sorted(levels: Map<string, string>, descending: boolean): StreamLevel[] {
  const out = [...levels.entries()] as StreamLevel[];
  out.sort((a, b) => (Number(a[0]) - Number(b[0])) * (descending ? -1 : 1));
  return out;
}

describe("the dashboard's book follows depth_update", () => {
  it('a snapshot then deltas give the book the model gives, asks up and bids down', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(changes, changes), { minLength: 1, maxLength: 12 }), (updates) => {
        const asks = new Map<string, string>();
        const bids = new Map<string, string>();
        let book: Book = EMPTY_BOOK;
        updates.forEach(([a, b], i) => {
          const full = i === 0;
          const data = {
            timestamp: i,
            update_id: i + 1,
            ...(full ? {} : { past_update_id: i }),
            asks: a,
            bids: b,
            event_time: i,
          };
          const next = applyDepth(book, full, data);
          assert.notEqual(next, 'gap');
          book = next as Book;
          model(asks, a);
          model(bids, b);
        });
        assert.deepEqual(book.asks, sorted(asks, false));
        assert.deepEqual(book.bids, sorted(bids, true));
      }),
    );
  });

  it('a snapshot replaces whatever was there', () => {
    const before = applyDepth(EMPTY_BOOK, true, {
      timestamp: 1,
      update_id: 5,
      asks: [['101', '1']],
      bids: [['99', '2']],
      event_time: 1,
    });
    const after = applyDepth(before as Book, true, {
      timestamp: 2,
      update_id: 9,
      asks: [['102', '3']],
      bids: [],
      event_time: 2,
    });
    assert.deepEqual(after, { asks: [['102', '3']], bids: [], updateId: 9 });
  });

  it('a delta that does not follow the last update seen is a gap, not a book', () => {
    const book = applyDepth(EMPTY_BOOK, true, { timestamp: 1, update_id: 5, asks: [], bids: [], event_time: 1 });
    const skipped: StreamDepth = {
      timestamp: 2,
      update_id: 8,
      past_update_id: 7,
      asks: [['101', '1']],
      bids: [],
      event_time: 2,
    };
    assert.equal(applyDepth(book as Book, false, skipped), 'gap');
  });
});
