import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StreamLevel } from '@txc/sdk';
import { depthWindow } from '../src/market/depth-window.js';

const level = (price: string, amount = '1'): StreamLevel => [price, amount];

describe("the depth chart's window of prices around the mid", () => {
  it('leaves out an order far from the mid, and only that', () => {
    const asks = [level('3010'), level('3020'), level('30000')];
    const bids = [level('2990'), level('2980'), level('300')];
    const shown = depthWindow(asks, bids);
    assert.deepEqual(shown.asks, asks.slice(0, 2));
    assert.deepEqual(shown.bids, bids.slice(0, 2));
    assert.deepEqual([shown.low, shown.high, shown.left], ['2700', '3300', 2]);
  });

  it('keeps the levels at the edge, exactly', () => {
    const asks = [level('100.5'), level('110'), level('110.000000000000000001')];
    const bids = [level('99.5'), level('90'), level('89.999999999999999999')];
    const shown = depthWindow(asks, bids);
    assert.deepEqual([shown.low, shown.high], ['90', '110']);
    assert.deepEqual(shown.asks, asks.slice(0, 2));
    assert.deepEqual(shown.bids, bids.slice(0, 2));
  });

  it('reaches as far as the spread when it is wider, so that a thin book shows its best levels', () => {
    const shown = depthWindow([level('200'), level('290'), level('301')], [level('100'), level('1')]);
    // mid 150, spread 100: from 50 to 250
    assert.deepEqual([shown.low, shown.high], ['50', '250']);
    assert.deepEqual(shown.asks, [level('200')]);
    assert.deepEqual(shown.bids, [level('100')]);
  });

  it('centres on the best price when one side is empty, and is empty with the book', () => {
    const shown = depthWindow([level('0.5'), level('0.55'), level('0.56')], []);
    assert.deepEqual([shown.low, shown.high], ['0.45', '0.55']);
    assert.deepEqual(shown.asks, [level('0.5'), level('0.55')]);
    assert.equal(depthWindow([], []).left, 0);
  });
});
