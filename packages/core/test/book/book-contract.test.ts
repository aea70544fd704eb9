import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BookEntry, Side } from '../../src/index.js';
import { BOOKS } from '../support/books.js';

function entry(id: number, side: Side, price: number, left: number, hidden = false): BookEntry {
  return { id, side, price, left, hidden, prev: null, next: null, level: null };
}

for (const { name, factory } of BOOKS) {
  describe(`${name}: price-time priority`, () => {
    it('orders bids high to low and asks low to high, first in first out within a price', () => {
      const book = factory<BookEntry>();
      for (const e of [
        entry(1, 'buy', 100, 5),
        entry(2, 'buy', 101, 1),
        entry(3, 'buy', 100, 2),
        entry(4, 'sell', 105, 3),
        entry(5, 'sell', 103, 4),
        entry(6, 'sell', 105, 1),
      ])
        book.add(e);
      assert.deepEqual(
        book.entries('buy').map((e) => e.id),
        [2, 1, 3],
      );
      assert.deepEqual(
        book.entries('sell').map((e) => e.id),
        [5, 4, 6],
      );
      assert.equal(book.best('buy')?.id, 2);
      assert.equal(book.best('sell')?.id, 5);
      assert.equal(book.size, 6);
    });

    it('removes from anywhere without disturbing the others, and drops emptied levels', () => {
      const book = factory<BookEntry>();
      const es = [entry(1, 'buy', 100, 5), entry(2, 'buy', 100, 1), entry(3, 'buy', 100, 2), entry(4, 'buy', 99, 7)];
      for (const e of es) book.add(e);
      book.remove(es[1]!);
      assert.deepEqual(
        book.entries('buy').map((e) => e.id),
        [1, 3, 4],
      );
      book.remove(es[0]!);
      book.remove(es[2]!);
      assert.equal(book.best('buy')?.id, 4);
      assert.deepEqual(book.levels('buy', 10), [{ price: 99, lots: 7 }]);
      book.remove(es[3]!);
      assert.equal(book.best('buy'), undefined);
      assert.equal(book.size, 0);
    });

    it('keeps the place of a partly filled entry and aggregates levels, hidden entries left out', () => {
      const book = factory<BookEntry>();
      const a = entry(1, 'sell', 10, 5);
      book.add(a);
      book.add(entry(2, 'sell', 10, 3));
      book.add(entry(3, 'sell', 11, 4, true));
      book.add(entry(4, 'sell', 12, 1));
      book.reduce(a, 2);
      assert.equal(a.left, 3);
      assert.equal(book.best('sell')?.id, 1);
      assert.deepEqual(book.levels('sell', 10), [
        { price: 10, lots: 6 },
        { price: 12, lots: 1 },
      ]);
      assert.deepEqual(book.levels('sell', 1), [{ price: 10, lots: 6 }]);
    });
  });
}
