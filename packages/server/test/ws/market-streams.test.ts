import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';
import { pushWhere } from '../support/ws-account.js';
import { WsTestClient } from '../support/ws-client.js';

type Level = [string, string];
interface DepthData {
  timestamp: number;
  update_id: number;
  past_update_id?: number;
  asks: Level[];
  bids: Level[];
  event_time: number;
}

describe('WebSocket market streams: depth, market, marketToday, bookTicker, premiumIndex', () => {
  let server: TestServer;
  let maker: TxcClient;
  let taker: TxcClient;

  before(async () => {
    server = await TestServer.start();
    maker = await trader(server, 'depthmaker', { BTC: '10', USDT: '1000000' });
    taker = await trader(server, 'depthtaker', { BTC: '10', USDT: '1000000' });
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.5', price: '50010' });
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.25', price: '50020.5' });
    await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.3', price: '49990' });
  });
  after(async () => {
    await server.stop();
  });

  test('depth: a snapshot (true, no past_update_id), then deltas chained by update_id', async () => {
    const ws = await WsTestClient.connect(server.url);
    await ws.call('depth_subscribe', ['BTC_USDT', 10, '0', true]);
    const snap = await ws.nextPush('depth_update');
    const [full, data, market] = snap.params as [boolean, DepthData, string];
    assert.equal(full, true);
    assert.equal(market, 'BTC_USDT');
    assert.deepEqual(Object.keys(data), ['timestamp', 'update_id', 'asks', 'bids', 'event_time']);
    assert.deepEqual(data.asks, [
      ['50010', '0.5'],
      ['50020.5', '0.25'],
    ]);
    assert.deepEqual(data.bids, [['49990', '0.3']]);
    assert.ok(Number.isInteger(data.update_id));

    await taker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '50010' });
    const delta = await ws.nextPush('depth_update');
    const [deltaFull, change] = delta.params as [boolean, DepthData, string];
    assert.equal(deltaFull, false);
    assert.deepEqual(Object.keys(change), ['timestamp', 'update_id', 'past_update_id', 'asks', 'bids', 'event_time']);
    assert.equal(change.past_update_id, data.update_id);
    assert.ok(change.update_id > data.update_id);
    assert.deepEqual(change.asks, [['50010', '0.4']]);
    assert.deepEqual(change.bids, []);

    const order = await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.2', price: '49995' });
    const next = (await ws.nextPush('depth_update')).params as [boolean, DepthData, string];
    assert.equal(next[1].past_update_id, change.update_id);
    assert.deepEqual(next[1].bids, [['49995', '0.2']]);
    await maker.orderCancel({ market: 'BTC_USDT', orderId: order.orderId });
    const removed = (await ws.nextPush('depth_update')).params as [boolean, DepthData, string];
    assert.deepEqual(removed[1].bids, [['49995', '0']]);
    await ws.close();
  });

  test('depth: limit 1 window, aggregation, multi_depth, per-market unsubscribe, request', async () => {
    const ws = await WsTestClient.connect(server.url);
    await ws.call('depth_subscribe', ['BTC_USDT', 1, '0', true]);
    const top = (await ws.nextPush('depth_update')).params as [boolean, DepthData, string];
    assert.deepEqual(top[1].asks, [['50010', '0.4']]);
    await ws.call('depth_subscribe', ['ETH_USDT', 5, '0', true]);
    const eth = (await ws.nextPush('depth_update')).params as [boolean, DepthData, string];
    assert.equal(eth[2], 'ETH_USDT');
    // a better ask pushes the old best out of the one-level window: it leaves as "0"
    const better = await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '50005' });
    const moved = (await ws.nextPush('depth_update')).params as [boolean, DepthData, string];
    assert.equal(moved[2], 'BTC_USDT');
    assert.deepEqual(moved[1].asks, [
      ['50005', '0.1'],
      ['50010', '0'],
    ]);
    await maker.orderCancel({ market: 'BTC_USDT', orderId: better.orderId });
    await ws.nextPush('depth_update');
    await ws.call('depth_unsubscribe', ['BTC_USDT']);
    // multi_depth false drops ETH_USDT too
    const odd = await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '50020.47' });
    await ws.call('depth_subscribe', ['BTC_USDT', 5, '0.1', false]);
    assert.equal((await ws.request('depth_subscribe', ['BTC_USDT', 7, '0', true])).error?.code, 1);
    assert.equal((await ws.request('depth_subscribe', ['BTC_USDT', 5, '0.5', true])).error?.code, 1);
    const aggregated = (await ws.nextPush('depth_update')).params as [boolean, DepthData, string];
    assert.equal(aggregated[0], true);
    // buckets of 0.1: an ask rounds up into its bucket
    assert.deepEqual(aggregated[1].asks, [
      ['50010', '0.4'],
      ['50020.5', '0.26'],
    ]);
    await maker.orderCancel({ market: 'BTC_USDT', orderId: odd.orderId });
    const book = (await ws.call('depth_request', ['BTC_USDT', 100, '0'])) as Record<string, unknown>;
    assert.deepEqual(Object.keys(book), ['timestamp', 'asks', 'bids']);
    assert.deepEqual(book.asks, [
      ['50010', '0.4'],
      ['50020.5', '0.25'],
    ]);
    await ws.close();
  });

  test('market and marketToday: documented fields, strings except period', async () => {
    const ws = await WsTestClient.connect(server.url);
    const stats = (await ws.call('market_request', ['BTC_USDT', 86400])) as Record<string, unknown>;
    assert.deepEqual(stats, {
      period: 86400,
      last: '50010',
      open: '50010',
      close: '50010',
      high: '50010',
      low: '50010',
      volume: '0.1',
      deal: '5001',
    });
    const hour = (await ws.call('market_request', ['BTC_USDT', 3600])) as Record<string, unknown>;
    assert.equal(hour.volume, '0.1');
    const week = (await ws.call('market_request', ['BTC_USDT', 604800])) as Record<string, unknown>;
    assert.equal(week.deal, '5001');
    const today = (await ws.call('marketToday_query', ['BTC_USDT'])) as Record<string, unknown>;
    assert.deepEqual(Object.keys(today), ['last', 'open', 'high', 'low', 'volume', 'deal']);
    await ws.call('market_subscribe', ['BTC_USDT']);
    const pushed = await ws.nextPush('market_update');
    assert.deepEqual(pushed.params, ['BTC_USDT', stats]);
    await ws.call('marketToday_subscribe', ['BTC_USDT']);
    assert.deepEqual((await ws.nextPush('marketToday_update')).params, ['BTC_USDT', today]);
    // pushed again each second, changed or not
    assert.deepEqual((await ws.nextPush('market_update')).params, ['BTC_USDT', stats]);
    await ws.close();
  });

  test('bookTicker: the current best prices on subscribe, then each change', async () => {
    const ws = await WsTestClient.connect(server.url);
    await ws.call('bookTicker_subscribe', ['BTC_USDT']);
    const first = (await ws.nextPush('bookTicker_update')).params as [unknown[]];
    assert.equal(first.length, 1);
    const [record] = first;
    assert.equal(record?.length, 8);
    assert.deepEqual(record?.slice(2), ['BTC_USDT', record?.[3], '49990', '0.3', '50010', '0.4']);
    assert.equal(typeof record?.[0], 'number');
    assert.ok(Number.isInteger(record?.[3]));
    await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.05', price: '49999' });
    const [changed] = (await ws.nextPush('bookTicker_update')).params as [unknown[]];
    assert.deepEqual(changed?.slice(4), ['49999', '0.05', '50010', '0.4']);
    assert.ok((changed?.[3] as number) > (record?.[3] as number));
    // a change away from the top is not pushed
    await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.05', price: '49000' });
    await ws.sync();
    assert.equal(ws.pushes('bookTicker_update').length, 2);
    await ws.close();
  });

  test('a subscribe while the venue takes no commands for a saved state gets its snapshot, and so does a read', async () => {
    const ws = await WsTestClient.connect(server.url);
    const { venue } = server.server;
    await venue.exclusive(async () => {
      assert.equal(venue.writable, false, 'no command is taken meanwhile');
      await ws.call('depth_subscribe', ['BTC_USDT', 5, '0', false]);
      const [full, data] = (await ws.nextPush('depth_update')).params as [boolean, DepthData, string];
      assert.equal(full, true);
      assert.ok(data.asks.length > 0);
      const trades = await ws.request('trades_request', ['BTC_USDT', 5, 0]);
      assert.equal(trades.error, null);
    });
    await ws.close();
  });

  test('premiumIndex: perpetuals only; [] lists every perpetual, named markets get a frame each', async () => {
    const ws = await WsTestClient.connect(server.url);
    assert.equal((await ws.request('premiumIndex_subscribe', ['BTC_USDT'])).error?.code, 1);
    await ws.call('premiumIndex_subscribe', []);
    const all = (await ws.nextPush('premiumIndex_update')).params as unknown[][];
    assert.deepEqual(
      all.map((r) => r[0]),
      ['BTC_PERP', 'ETH_PERP'],
    );
    for (const r of all) {
      assert.equal(r.length, 5);
      assert.ok(r.slice(1, 4).every((x) => typeof x === 'string'));
      // the funding rate with at most 16 decimals (websocket spec §6.9), where REST shows 18
      assert.match(r[3] as string, /^-?\d+(\.\d{1,16})?$/);
      assert.ok(Number.isInteger(r[4]));
    }
    await ws.call('premiumIndex_subscribe', ['BTC_PERP']);
    const one = await ws.waitFor(
      (f) => f.method === 'premiumIndex_update' && (f.params as unknown[])[0] === 'BTC_PERP',
    );
    const params = one.params as unknown[];
    assert.equal(params.length, 6);
    assert.equal(typeof params[5], 'number');
    await ws.close();
  });

  test('depth: a market nobody followed for a while goes on from its update_id, with a new one', async () => {
    const first = await WsTestClient.connect(server.url);
    await first.call('depth_subscribe', ['ETH_USDT', 5, '0', false]);
    const [, before] = (await first.nextPush('depth_update')).params as [boolean, DepthData, string];
    await first.call('depth_unsubscribe', []);
    // the book changes while nobody follows the market
    await maker.orderNew({ market: 'ETH_USDT', side: 'buy', amount: '1', price: '1500' });
    const again = await WsTestClient.connect(server.url);
    await again.call('depth_subscribe', ['ETH_USDT', 5, '0', false]);
    const [full, after] = (await again.nextPush('depth_update')).params as [boolean, DepthData, string];
    assert.equal(full, true);
    assert.ok(after.update_id > before.update_id, `${after.update_id} after ${before.update_id}`);
    assert.ok(after.bids.some(([price]) => price === '1500'));
    await first.close();
    await again.close();
  });

  test('bookTicker: one market off [] leaves the others; a market nobody followed shows its best as it is', async () => {
    const ws = await WsTestClient.connect(server.url);
    await ws.call('bookTicker_subscribe', ['ETH_USDT']);
    const [before] = (await ws.nextPush('bookTicker_update')).params as unknown[][];
    await ws.call('bookTicker_unsubscribe', []);
    await maker.orderNew({ market: 'ETH_USDT', side: 'buy', amount: '1', price: '1600' });
    await ws.call('bookTicker_subscribe', []);
    await ws.sync();
    const latest = (market: string): unknown[] | undefined =>
      ws
        .pushes('bookTicker_update')
        .map((p) => (p.params as unknown[][])[0])
        .filter((r) => r?.[2] === market)
        .at(-1);
    const record = latest('ETH_USDT');
    assert.equal(record?.[4], '1600', 'the best bid placed while nobody followed the market');
    assert.ok((record?.[3] as number) > (before?.[3] as number));

    await ws.call('bookTicker_unsubscribe', ['BTC_USDT']);
    await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '49999.5' });
    await maker.orderNew({ market: 'ETH_USDT', side: 'buy', amount: '1', price: '1601' });
    await ws.sync();
    assert.equal(latest('ETH_USDT')?.[4], '1601', 'the other markets go on');
    assert.notEqual(latest('BTC_USDT')?.[4], '49999.5', 'no BTC_USDT frame after');
    await ws.close();
  });
  test('bookTicker: one market off a subscribe not yet answered: the others still get their first frame', async () => {
    for (const subscribed of [[], ['BTC_USDT', 'ETH_USDT']]) {
      const ws = await WsTestClient.connect(server.url);
      // sent together: the unsubscribe may be read before the subscribe's first frames go out
      const answers = [
        ws.request('bookTicker_subscribe', subscribed, 1),
        ws.request('bookTicker_unsubscribe', ['BTC_USDT'], 2),
      ];
      for (const answer of await Promise.all(answers)) assert.equal(answer.error, null);
      await ws.sync();
      const marketOf = (p: { method?: unknown; params?: unknown }): unknown =>
        p.method === 'bookTicker_update' ? (p.params as unknown[][])[0]?.[2] : undefined;
      const markets = ws.pushes('bookTicker_update').map(marketOf);
      assert.ok(markets.includes('ETH_USDT'), `ETH_USDT's first frame after ${JSON.stringify(subscribed)}`);
      assert.ok(!ws.framesAfterAnswer(2).map(marketOf).includes('BTC_USDT'), 'none of the market taken off');
      await ws.close();
    }
  });

  test('bookTicker: update_id goes on across a venue rebuilt from a saved state (the last test: it rewinds the venue)', async () => {
    assert.equal((await server.admin('POST', '/admin/v1/states', { name: 'ticker-before' })).status, 201);
    const ws = await WsTestClient.connect(server.url);
    await ws.call('bookTicker_subscribe', ['BTC_USDT']);
    await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '49999.75' });
    await ws.sync();
    const [moved] = ws.pushes('bookTicker_update').at(-1)?.params as unknown[][];
    assert.equal(moved?.[4], '49999.75');
    assert.equal((await server.admin('POST', '/admin/v1/states/ticker-before/load')).status, 200);
    assert.equal((await ws.closed).code, 4004);
    const again = await WsTestClient.connect(server.url);
    await again.call('bookTicker_subscribe', ['BTC_USDT']);
    const [record] = (await again.nextPush('bookTicker_update')).params as unknown[][];
    assert.notEqual(record?.[4], '49999.75', 'the book as the saved state left it');
    assert.ok((record?.[3] as number) > (moved?.[3] as number), `${String(record?.[3])} after ${String(moved?.[3])}`);
    await again.close();
  });
});

describe('WebSocket depth and bookTicker: update_id across a restart', () => {
  let server: TestServer;

  before(async () => {
    server = await TestServer.start();
  });
  after(() => server.stop());

  test('the first snapshots after a restart go on from the ids sent before it', async () => {
    const maker = await trader(server, 'restartmaker', { BTC: '1', USDT: '100000' });
    await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '49000' });
    const ws = await WsTestClient.connect(server.url);
    await ws.call('depth_subscribe', ['BTC_USDT', 5, '0', false]);
    await ws.call('bookTicker_subscribe', ['BTC_USDT']);
    await ws.nextPush('depth_update');
    await ws.nextPush('bookTicker_update');
    // commands on another market in between: the ids are the journal's, not a count of this book's changes
    await maker.orderNew({ market: 'ETH_USDT', side: 'buy', amount: '0.1', price: '1000' });
    for (const price of ['49100', '49200', '49300']) {
      await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price });
    }
    // received already when the placements were slow to answer, or still to come
    const delta = (await pushWhere(
      ws,
      'depth_update',
      (params) => (params as [boolean, DepthData])[1].bids[0]?.[0] === '49300',
    )) as [boolean, DepthData];
    const depthBefore = delta[1].update_id;
    // the journal's sequence number of the order that made the change
    const { seq } = (await server.admin('GET', '/admin/v1/state')).body as { seq: number };
    assert.equal(depthBefore, seq);
    // the book ticker's frames went out before the delta gathered over 100 ms
    const [ticker] = ws.pushes('bookTicker_update').at(-1)?.params as unknown[][];
    assert.equal(ticker?.[4], '49300');
    const tickerBefore = ticker?.[3] as number;
    await ws.close();
    await server.restart();
    const again = await WsTestClient.connect(server.url);
    await again.call('depth_subscribe', ['BTC_USDT', 5, '0', false]);
    await again.call('bookTicker_subscribe', ['BTC_USDT']);
    const [, snapshot] = (await again.nextPush('depth_update')).params as [boolean, DepthData];
    const [record] = (await again.nextPush('bookTicker_update')).params as unknown[][];
    // the same book (nothing happened since its last change) under an id at least as high: the journal's
    assert.equal(snapshot.bids[0]?.[0], '49300');
    assert.ok(snapshot.update_id >= depthBefore, `depth ${snapshot.update_id} after ${depthBefore}`);
    assert.ok((record?.[3] as number) >= tickerBefore, `bookTicker ${String(record?.[3])} after ${tickerBefore}`);
    // a client of the new port
    const bidder = await trader(server, 'restartbidder', { USDT: '10000' });
    await bidder.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '49400' });
    const [changed] = (await again.nextPush('bookTicker_update')).params as unknown[][];
    assert.ok((changed?.[3] as number) > (record?.[3] as number));
    await again.close();
  });

  test('depth after a saved state is loaded: a book that changed never shows an id sent before', async () => {
    const maker = await trader(server, 'loadmaker', { BTC: '1', USDT: '100000' });
    assert.equal((await server.admin('POST', '/admin/v1/states', { name: 'depth-before' })).status, 201);
    const ws = await WsTestClient.connect(server.url);
    await ws.call('depth_subscribe', ['BTC_USDT', 5, '0', false]);
    await ws.nextPush('depth_update');
    await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '49500' });
    const delta = await ws.waitFor(
      (f) => f.method === 'depth_update' && (f.params as [boolean, DepthData])[1].bids.some(([p]) => p === '49500'),
    );
    const sent = [(delta.params as [boolean, DepthData])[1].update_id];
    assert.equal((await server.admin('POST', '/admin/v1/states/depth-before/load')).status, 200);
    assert.equal((await ws.closed).code, 4004);

    const snapshot = async (): Promise<DepthData> => {
      const again = await WsTestClient.connect(server.url);
      await again.call('depth_subscribe', ['BTC_USDT', 5, '0', false]);
      const [, data] = (await again.nextPush('depth_update')).params as [boolean, DepthData];
      await again.close();
      return data;
    };
    // the book as the saved state left it, under an id above every one sent
    const loaded = await snapshot();
    assert.ok(!loaded.bids.some(([p]) => p === '49500'));
    assert.ok(loaded.update_id > Math.max(...sent), `${loaded.update_id} after ${String(sent)}`);
    sent.push(loaded.update_id);
    // nothing happened since: the same book under the same id
    assert.equal((await snapshot()).update_id, loaded.update_id);
    // the journal is still below the ids sent when the book changes again
    await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.2', price: '49500' });
    const changed = await snapshot();
    assert.deepEqual(changed.bids[0], ['49500', '0.2']);
    assert.ok(changed.update_id > Math.max(...sent), `${changed.update_id} after ${String(sent)}`);
  });
});
