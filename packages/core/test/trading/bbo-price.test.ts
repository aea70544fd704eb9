import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bboBookSide, bboPrice } from '../../src/index.js';
import { BOOKS } from '../support/books.js';
import { order, TestVenue } from '../support/venue.js';

describe('the price a bboRole order takes from the book', () => {
  const factory = BOOKS[0]!.factory;

  it('queue (1) joins the best of its own side, counterparty (2) takes the best of the other', () => {
    assert.equal(bboBookSide('buy', 1), 'buy');
    assert.equal(bboBookSide('buy', 2), 'sell');
    assert.equal(bboBookSide('sell', 1), 'sell');
    assert.equal(bboBookSide('sell', 2), 'buy');
    const v = new TestVenue(factory);
    v.user('bob', { BTC: '10', USDT: '1000000' });
    v.must(order('bob', 'buy', { price: 5_900_000, amount: 1000 }));
    v.must(order('bob', 'buy', { price: 5_950_000, amount: 1000 }));
    v.must(order('bob', 'sell', { price: 6_100_000, amount: 1000 }));
    v.must(order('bob', 'sell', { price: 6_050_000, amount: 1000 }));
    assert.equal(bboPrice(v.state, 'BTC_USDT', 'buy', 1), 5_950_000);
    assert.equal(bboPrice(v.state, 'BTC_USDT', 'buy', 2), 6_050_000);
    assert.equal(bboPrice(v.state, 'BTC_USDT', 'sell', 1), 6_050_000);
    assert.equal(bboPrice(v.state, 'BTC_USDT', 'sell', 2), 5_950_000);
  });

  it('is undefined when that side of the book is empty', () => {
    const v = new TestVenue(factory);
    v.user('bob', { USDT: '1000000' });
    v.must(order('bob', 'buy', { price: 5_900_000, amount: 1000 }));
    assert.equal(bboPrice(v.state, 'BTC_USDT', 'buy', 2), undefined);
    assert.equal(bboPrice(v.state, 'BTC_USDT', 'sell', 1), undefined);
    assert.equal(bboPrice(v.state, 'BTC_USDT', 'buy', 1), 5_900_000);
  });
});
