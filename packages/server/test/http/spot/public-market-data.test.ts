import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcClient } from '@txc/sdk';
import { TestServer } from '../../support/test-server.js';
import { trader } from '../../support/trading.js';

async function get(server: TestServer, path: string): Promise<{ status: number; body: unknown }> {
  const r = await fetch(`${server.url}${path}`);
  return { status: r.status, body: await r.json() };
}

const notAvailable = { success: false, message: 'Market is not available.', params: [] };

describe('public market data (reference §4.4–4.10)', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;

  before(async () => {
    server = await TestServer.start();
    alice = await trader(server, 'alice', { USDT: '1000000', BTC: '10' });
    bob = await trader(server, 'bob', { USDT: '1000000', BTC: '10' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.5', price: '60100' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.25', price: '60105' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '1', price: '70000' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.4', price: '59900' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '59895.5' });
    // two trades: alice buys 0.1 at 60 100, then sells 0.2 at 59 900
    await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '60100' });
    await alice.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.2', price: '59900' });
  });
  after(() => server.stop());

  /** The names a public listing shows, in its order: market names, or the keys of a keyed listing. */
  const listed = async (path: string): Promise<string[]> => {
    const { body } = await get(server, `/api/v4/public/${path}`);
    return Array.isArray(body) ? body.map((m: { name: string }) => m.name) : Object.keys(body as object);
  };

  it('markets: the reference shape, precisions as strings and fees as percents', async () => {
    const all = await alice.markets();
    assert.deepEqual(
      all.map((m) => m.name),
      // in name order, as every listing: the venue file's order does not survive a restart from a snapshot
      ['BTC_PERP', 'BTC_USDT', 'ETH_BTC', 'ETH_PERP', 'ETH_USDT', 'XRP_USDT'],
    );
    assert.deepEqual(all[1], {
      name: 'BTC_USDT',
      stock: 'BTC',
      money: 'USDT',
      stockPrec: '6',
      moneyPrec: '2',
      feePrec: '6',
      makerFee: '0.1',
      takerFee: '0.1',
      minAmount: '0.00001',
      minTotal: '5',
      maxTotal: '0',
      tradesEnabled: true,
      isCollateral: true,
      type: 'spot',
      isTradFiFutures: false,
      delistedAt: null,
    });
    assert.equal(all[0]?.type, 'futures');
  });

  it('ticker: the last price and 24-hour volumes and change of the real trades', async () => {
    const t = await alice.ticker();
    assert.deepEqual(t.BTC_USDT, {
      base_id: 1,
      quote_id: 825,
      last_price: '59900',
      quote_volume: '17990',
      base_volume: '0.3',
      isFrozen: false,
      change: '-0.33',
    });
    assert.deepEqual(t.ETH_BTC, {
      base_id: 1027,
      quote_id: 1,
      last_price: '0',
      quote_volume: '0',
      base_volume: '0',
      isFrozen: false,
      change: '0',
    });
  });

  it('API V1 ticker (read by ccxt fetchTicker): 24-hour open, high, low, volumes, best bid and ask', async () => {
    assert.deepEqual(await alice.marketTicker('BTC_USDT'), {
      success: true,
      message: null,
      result: {
        open: '60100',
        bid: '59900',
        ask: '60100',
        low: '59900',
        high: '60100',
        last: '59900',
        volume: '0.3',
        deal: '17990',
        change: '-0.33',
      },
    });
    const quiet = await alice.marketTicker('ETH_BTC');
    assert.deepEqual(quiet.result, {
      open: '0',
      bid: '0',
      ask: '0',
      low: '0',
      high: '0',
      last: '0',
      volume: '0',
      deal: '0',
      change: '0',
    });
    assert.deepEqual(await get(server, '/api/v1/public/ticker?market=NOPE_USDT'), { status: 422, body: notAvailable });
    assert.deepEqual(await get(server, '/api/v1/public/ticker'), {
      status: 422,
      body: { success: false, message: 'The market field is required.', params: [] },
    });
  });

  it('order book: levels best first, limit and level aggregation, bad parameters in the public family', async () => {
    const book = await alice.orderbook('BTC_USDT');
    assert.equal(book.ticker_id, 'BTC_USDT');
    assert.equal(typeof book.timestamp, 'number');
    assert.deepEqual(book.asks, [
      ['60100', '0.4'],
      ['60105', '0.25'],
      ['70000', '1'],
    ]);
    assert.deepEqual(book.bids, [
      ['59900', '0.2'],
      ['59895.5', '0.1'],
    ]);
    assert.deepEqual((await alice.orderbook('BTC_USDT', { limit: 1 })).asks, [['60100', '0.4']]);
    // level 5: buckets of 10^5 ticks (1 000 USDT), asks rounded up and bids down
    const coarse = await alice.orderbook('BTC_USDT', { level: 5 });
    assert.deepEqual(coarse.asks, [
      ['61000', '0.65'],
      ['70000', '1'],
    ]);
    assert.deepEqual(coarse.bids, [['59000', '0.3']]);
    // clamped to level 10 and limit 100
    assert.deepEqual((await alice.orderbook('BTC_USDT', { level: 99, limit: 500 })).bids, [['0', '0.3']]);
    // integers of any length are clamped too, never read as "not an integer"
    const huge = await get(server, '/api/v4/public/orderbook/BTC_USDT?limit=1234567890&level=-1234567890');
    assert.equal(huge.status, 200);
    assert.equal((huge.body as { asks: unknown[] }).asks.length, 3);
    const tooLong = await get(
      server,
      `/api/v4/public/orderbook/BTC_USDT?limit=${'9'.repeat(400)}&level=${'9'.repeat(400)}`,
    );
    assert.deepEqual((tooLong.body as { bids: unknown[] }).bids, [['0', '0.3']]);
    // an empty value is an absent one: every level, up to 100
    const empty = await get(server, '/api/v4/public/orderbook/BTC_USDT?limit=&level=');
    assert.equal(empty.status, 200);
    assert.equal((empty.body as { asks: unknown[] }).asks.length, 3);
    assert.deepEqual(await get(server, '/api/v4/public/orderbook/NOPE_USDT'), { status: 422, body: notAvailable });
    assert.deepEqual(await get(server, '/api/v4/public/orderbook/BTC_USDT?level=x'), {
      status: 422,
      body: { success: false, message: 'The level must be an integer.', params: [] },
    });
  });

  it('depth: only the levels within 2 % of the last price', async () => {
    const d = await alice.orderbookDepth('BTC_USDT');
    assert.deepEqual(d.asks, [
      ['60100', '0.4'],
      ['60105', '0.25'],
    ]);
    assert.equal(d.bids.length, 2);
    assert.deepEqual(await get(server, '/api/v4/public/orderbook/depth/NOPE'), { status: 422, body: notAvailable });
  });

  it('trades: newest first, with the inverted volume names, filtered by taker side', async () => {
    const all = await alice.trades('BTC_USDT');
    assert.deepEqual(
      all.map((t) => ({ ...t, tradeID: 0, trade_timestamp: 0 })),
      [
        {
          tradeID: 0,
          price: '59900',
          quote_volume: '0.2',
          base_volume: '11980',
          trade_timestamp: 0,
          type: 'sell',
          rpi: false,
        },
        {
          tradeID: 0,
          price: '60100',
          quote_volume: '0.1',
          base_volume: '6010',
          trade_timestamp: 0,
          type: 'buy',
          rpi: false,
        },
      ],
    );
    assert.ok((all[0]?.tradeID ?? 0) > (all[1]?.tradeID ?? 0));
    assert.equal(String(all[0]?.trade_timestamp).length, 10);
    assert.deepEqual(
      (await alice.trades('BTC_USDT', 'buy')).map((t) => t.type),
      ['buy'],
    );
    assert.deepEqual(await get(server, '/api/v4/public/trades/BTC_USDT?type=up'), {
      status: 422,
      body: { success: false, message: "Type should be 'sell' or 'buy'.", params: [] },
    });
  });

  it('collateral markets: wrapped', async () => {
    assert.deepEqual(await alice.collateralMarkets(), {
      success: true,
      message: null,
      result: ['BTC_PERP', 'BTC_USDT', 'ETH_PERP', 'ETH_USDT'],
    });
  });

  it('trades and 24-hour statistics survive a restart, listed in the same order', async () => {
    const before = await Promise.all(['markets', 'ticker', 'assets', 'fee'].map((p) => listed(p)));
    await server.restart();
    assert.deepEqual(await Promise.all(['markets', 'ticker', 'assets', 'fee'].map((p) => listed(p))), before);
    const t = (await get(server, '/api/v4/public/ticker')).body as Record<
      string,
      { last_price: string; base_volume: string }
    >;
    assert.equal(t.BTC_USDT?.last_price, '59900');
    assert.equal(t.BTC_USDT?.base_volume, '0.3');
    const trades = await get(server, '/api/v4/public/trades/BTC_USDT');
    assert.equal((trades.body as unknown[]).length, 2);
    const book = await get(server, '/api/v4/public/orderbook/BTC_USDT?limit=1');
    assert.deepEqual((book.body as { asks: unknown }).asks, [['60100', '0.4']]);
  });

  it('a type filter answers up to 100 trades of that side, however many of the other side came since', async () => {
    // the restart above moved the server: new clients
    const carol = await trader(server, 'carol', { USDT: '10000', XRP: '10000' });
    const dave = await trader(server, 'dave', { USDT: '10000', XRP: '10000' });
    await dave.orderNew({ market: 'XRP_USDT', side: 'sell', amount: '20', price: '0.51' });
    await carol.orderNew({ market: 'XRP_USDT', side: 'buy', amount: '20', price: '0.51' });
    for (let i = 0; i < 101; i++) await dave.orderNew({ market: 'XRP_USDT', side: 'buy', amount: '10', price: '0.5' });
    // one sell takes the 101 bids: 101 trades after the buy
    await carol.orderNew({ market: 'XRP_USDT', side: 'sell', amount: '1010', price: '0.5' });
    const sides = async (type?: 'buy' | 'sell') =>
      (await new TxcClient({ baseUrl: server.url }).trades('XRP_USDT', type)).map((t) => t.type);
    const expected = async () => {
      assert.deepEqual(await sides(), Array<string>(100).fill('sell'));
      assert.deepEqual(await sides('sell'), Array<string>(100).fill('sell'));
      assert.deepEqual(await sides('buy'), ['buy']);
    };
    await expected();
    await server.restart();
    await expected();
  });
});
