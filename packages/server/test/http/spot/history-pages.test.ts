import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { ManualClock } from '../../support/manual-clock.js';
import { TestServer } from '../../support/test-server.js';
import { trader } from '../../support/trading.js';

interface Deal {
  id: number;
  time: number;
  role: number;
  side: string;
  orderId: number;
}

interface HistoryOrder {
  id: number;
  dealStock: string;
}

/**
 * The order of the history endpoints, their pages and their filters, over a history that the
 * per-user tables have partly taken in (a catch-up every nine rows: after the fifth trade, with the
 * deposits' rows) and partly not.
 */
describe('trade history pages, order and date filters (reference §5.7, §5.8)', () => {
  const clock = new ManualClock();
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;
  /** Alice's deals on BTC_USDT as the trades were made, oldest first. */
  const made: { trade: number; role: number; second: number }[] = [];
  let partial = 0;
  let untouched = 0;
  /** The deals cursor when those deals were read. */
  let cursor = 0;

  before(async () => {
    server = await TestServer.start({ history: { catchUpEveryRows: 9 } }, undefined, { clock });
    alice = await trader(server, 'alice', { USDT: '100000', BTC: '5' });
    bob = await trader(server, 'bob', { USDT: '100000', BTC: '5' });
    const trade = async (maker: TxcClient, taker: TxcClient, price: string): Promise<void> => {
      clock.advance(10_000);
      await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price });
      await taker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price });
    };
    for (const price of ['50000', '50010', '50020', '50030']) await trade(alice, bob, price);
    // no self-trade prevention by default: alice is both maker and taker of one trade
    await trade(alice, alice, '50040');
    for (const price of ['50050', '50060']) await trade(bob, alice, price);
    const mine = (await alice.executedHistory({ market: 'BTC_USDT', limit: 100 })) as Deal[];
    for (const d of [...mine].reverse()) made.push({ trade: d.id, role: d.role, second: Math.floor(d.time) });
    cursor = Number(await server.server.venue.store.getMeta('user_history.deals'));

    clock.advance(10_000);
    partial = (await alice.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.02', price: '50100' })).order_id;
    await bob.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '50100' });
    await alice.orderCancel({ market: 'BTC_USDT', orderId: partial });
    untouched = (await alice.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '60000' })).order_id;
    await alice.orderCancel({ market: 'BTC_USDT', orderId: untouched });
  });
  after(() => server.stop());

  it('lists deals newest first, the maker side first within a trade, across the catch-up cursor', () => {
    assert.equal(made.length, 8);
    const trades = made.map((d) => d.trade);
    assert.deepEqual(
      trades,
      [...trades].sort((a, b) => a - b),
    );
    const self = made.filter((d) => d.trade === made[4]?.trade);
    assert.deepEqual(
      self.map((d) => d.role),
      [2, 1],
      'oldest first here: the taker side, then the maker side',
    );
    assert.ok(cursor > made[0]!.trade && cursor < made[7]!.trade, `the cursor ${cursor} splits the history`);
  });

  it('pages with limit and offset through the same order', async () => {
    const all = (await alice.executedHistory({ market: 'BTC_USDT', limit: 100 })) as Deal[];
    const page = (await alice.executedHistory({ market: 'BTC_USDT', limit: 3, offset: 2 })) as Deal[];
    assert.deepEqual(
      page.map((d) => [d.id, d.role]),
      all.slice(2, 5).map((d) => [d.id, d.role]),
    );
    assert.equal(all.length, 9, 'the eight deals above and the partial fill');
  });

  it('keeps the deals between startDate and endDate, both whole seconds inclusive', async () => {
    const from = made[2]!.second;
    const to = made[4]!.second;
    const inRange = (await alice.executedHistory({
      market: 'BTC_USDT',
      startDate: from,
      endDate: to,
      limit: 100,
    })) as Deal[];
    assert.deepEqual(
      inRange.map((d) => [d.id, d.role]),
      made
        .filter((d) => d.second >= from && d.second <= to)
        .reverse()
        .map((d) => [d.trade, d.role])
        .sort((a, b) => b[0]! - a[0]! || a[1]! - b[1]!),
    );
    assert.equal(inRange.length, 4);
  });

  it('order history: newest first, pages, date range and the PARTIALLY_FILLED filter', async () => {
    const all = (await alice.orderHistory({ market: 'BTC_USDT', limit: 100 })).BTC_USDT as HistoryOrder[];
    const ids = all.map((o) => o.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    );
    assert.equal(ids[0], untouched);
    assert.equal(ids[1], partial);
    const page = (await alice.orderHistory({ market: 'BTC_USDT', limit: 2, offset: 1 })).BTC_USDT as HistoryOrder[];
    assert.deepEqual(
      page.map((o) => o.id),
      ids.slice(1, 3),
    );
    const partlyFilled = (await alice.orderHistory({ status: 'PARTIALLY_FILLED' })).BTC_USDT as HistoryOrder[];
    assert.deepEqual(
      partlyFilled.map((o) => o.id),
      [partial],
    );
    const late = made[7]!.second;
    const recent = (await alice.orderHistory({ market: 'BTC_USDT', startDate: late + 1, limit: 100 }))
      .BTC_USDT as HistoryOrder[];
    assert.deepEqual(
      recent.map((o) => o.id),
      [untouched, partial],
    );
  });
});
