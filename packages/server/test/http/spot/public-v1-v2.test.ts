import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { ManualClock } from '../../support/manual-clock.js';
import { TestServer } from '../../support/test-server.js';
import { trader } from '../../support/trading.js';

async function get(server: TestServer, path: string): Promise<{ status: number; body: unknown }> {
  const r = await fetch(`${server.url}${path}`);
  return { status: r.status, body: await r.json() };
}

/** The `result` of a V1 or V2 answer, after checking its envelope. */
async function result<T = unknown>(server: TestServer, path: string): Promise<T> {
  const { status, body } = await get(server, path);
  assert.equal(status, 200, JSON.stringify(body));
  const { success, message, result: r, ...rest } = body as { success: unknown; message: unknown; result: T };
  assert.deepEqual({ success, message, rest }, { success: true, message: null, rest: {} });
  return r;
}

const refused = (message: string): { status: number; body: unknown } => ({
  status: 422,
  body: { success: false, message, params: [] },
});
const notAvailable = refused('Market is not available.');
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NAMES = ['BTC_PERP', 'BTC_USDT', 'ETH_BTC', 'ETH_PERP', 'ETH_USDT', 'XRP_USDT'];

describe('public routes of API V1 and V2, from the same data as V4', () => {
  let server: TestServer;
  let clock: ManualClock;
  let alice: TxcClient;
  let bob: TxcClient;
  /** The ids of the two trades, oldest first. */
  let tradeIds: number[];

  before(async () => {
    clock = new ManualClock();
    server = await TestServer.start({}, undefined, { clock });
    alice = await trader(server, 'alice', { USDT: '1000000', BTC: '10' });
    bob = await trader(server, 'bob', { USDT: '1000000', BTC: '10' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.5', price: '60100' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.25', price: '60105' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.4', price: '59900' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '59895.5' });
    // two trades: alice buys 0.1 at 60 100, then sells 0.2 at 59 900
    await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '60100' });
    await alice.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.2', price: '59900' });
    tradeIds = (await alice.trades('BTC_USDT')).map((t) => t.tradeID).reverse();
  });
  after(() => server.stop());

  it('V1 markets: the first fields of the V4 listing, wrapped', async () => {
    const all = await result<{ name: string }[]>(server, '/api/v1/public/markets');
    assert.deepEqual(
      all.map((m) => m.name),
      NAMES,
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
    });
  });

  it('V1 tickers: every market by name, with the second the figures were taken at', async () => {
    const before = Math.floor(clock.nowMs() / 1000);
    const all = await result<Record<string, { ticker: unknown; at: number }>>(server, '/api/v1/public/tickers');
    const after = Math.floor(clock.nowMs() / 1000);
    assert.deepEqual(Object.keys(all), NAMES);
    assert.deepEqual(all.BTC_USDT?.ticker, {
      bid: '59900',
      ask: '60100',
      low: '59900',
      high: '60100',
      last: '59900',
      vol: '0.3',
      deal: '17990',
      change: '-0.33',
    });
    // the clock runs with real time: the answer's second lies between the two taken around the call
    const at = all.BTC_USDT?.at ?? 0;
    assert.ok(before <= at && at <= after, `${before} <= ${at} <= ${after}`);
    assert.deepEqual(all.ETH_BTC?.ticker, {
      bid: '0',
      ask: '0',
      low: '0',
      high: '0',
      last: '0',
      vol: '0',
      deal: '0',
      change: '0',
    });
  });

  it('V1 symbols: the names of the markets open for trading', async () => {
    assert.deepEqual(await result(server, '/api/v1/public/symbols'), NAMES);
  });

  it('V1 depth: unwrapped levels of the market in the query, limit clamped to 1–100', async () => {
    assert.deepEqual(await get(server, '/api/v1/public/depth/result?market=BTC_USDT'), {
      status: 200,
      body: {
        asks: [
          ['60100', '0.4'],
          ['60105', '0.25'],
        ],
        bids: [
          ['59900', '0.2'],
          ['59895.5', '0.1'],
        ],
      },
    });
    assert.deepEqual((await get(server, '/api/v1/public/depth/result?market=BTC_USDT&limit=1')).body, {
      asks: [['60100', '0.4']],
      bids: [['59900', '0.2']],
    });
    assert.deepEqual((await get(server, '/api/v1/public/depth/result?market=BTC_USDT&limit=0')).body, {
      asks: [['60100', '0.4']],
      bids: [['59900', '0.2']],
    });
    const many = await get(server, '/api/v1/public/depth/result?market=BTC_USDT&limit=5000&x=1');
    assert.equal((many.body as { asks: unknown[] }).asks.length, 2);
    assert.deepEqual(await get(server, '/api/v1/public/depth/result'), refused('The market field is required.'));
    assert.deepEqual(await get(server, '/api/v1/public/depth/result?market=NOPE_USDT'), notAvailable);
    assert.deepEqual(
      await get(server, '/api/v1/public/depth/result?market=BTC_USDT&limit=ten'),
      refused('The limit must be an integer.'),
    );
  });

  it('V1 history: trades after lastId, newest first, the taker side as type', async () => {
    const [first, second] = tradeIds as [number, number];
    const all = await result<{ id: number; time: number }[]>(server, '/api/v1/public/history?market=BTC_USDT&lastId=0');
    assert.deepEqual(
      all.map((t) => ({ ...t, time: 0 })),
      [
        { id: second, time: 0, price: '59900', amount: '0.2', type: 'sell' },
        { id: first, time: 0, price: '60100', amount: '0.1', type: 'buy' },
      ],
    );
    assert.ok(
      all.every((t) => t.time > 1e9 && t.time < 1e10),
      'seconds with a fraction',
    );
    const after = await result<{ id: number }[]>(server, `/api/v1/public/history?market=BTC_USDT&lastId=${first}`);
    assert.deepEqual(
      after.map((t) => t.id),
      [second],
    );
    const one = await result<{ id: number }[]>(server, '/api/v1/public/history?market=BTC_USDT&lastId=1&limit=1');
    assert.deepEqual(
      one.map((t) => t.id),
      [second],
    );
    assert.deepEqual(await result(server, '/api/v1/public/history?market=ETH_BTC&lastId=0'), []);
    assert.deepEqual(
      await get(server, '/api/v1/public/history?market=BTC_USDT'),
      refused('The lastId field is required.'),
    );
    assert.deepEqual(
      await get(server, '/api/v1/public/history?market=BTC_USDT&lastId=x'),
      refused('The lastId must be an integer.'),
    );
    assert.deepEqual(
      await get(server, '/api/v1/public/history?market=BTC_USDT&lastId=0&limit=1.5'),
      refused('The limit must be an integer.'),
    );
    assert.deepEqual(await get(server, '/api/v1/public/history?lastId=0'), refused('The market field is required.'));
    assert.deepEqual(await get(server, '/api/v1/public/history?market=NOPE_USDT&lastId=0'), notAvailable);
  });

  it('V2 markets: the V4 listing up to the minimum total, wrapped', async () => {
    const all = await result<{ name: string }[]>(server, '/api/v2/public/markets');
    assert.deepEqual(
      all.map((m) => m.name),
      NAMES,
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
      tradesEnabled: true,
    });
  });

  it('V2 ticker: one entry per market, volumes in stock and money', async () => {
    const all = await result<{ tradingPairs: string; lastUpdateTimestamp: string }[]>(server, '/api/v2/public/ticker');
    assert.deepEqual(
      all.map((t) => t.tradingPairs),
      NAMES,
    );
    const btc = all[1] as { lastUpdateTimestamp: string };
    assert.match(btc.lastUpdateTimestamp, ISO);
    assert.deepEqual(
      { ...btc, lastUpdateTimestamp: '' },
      {
        lastUpdateTimestamp: '',
        tradingPairs: 'BTC_USDT',
        lastPrice: '59900',
        lowestAsk: '60100',
        highestBid: '59900',
        baseVolume24h: '0.3',
        quoteVolume24h: '17990',
        tradesEnabled: true,
      },
    );
  });

  it('V2 depth: wrapped levels with the time they were taken', async () => {
    const book = await result<{ lastUpdateTimestamp: string }>(server, '/api/v2/public/depth/BTC_USDT');
    assert.match(book.lastUpdateTimestamp, ISO);
    assert.deepEqual(
      { ...book, lastUpdateTimestamp: '' },
      {
        lastUpdateTimestamp: '',
        asks: [
          ['60100', '0.4'],
          ['60105', '0.25'],
        ],
        bids: [
          ['59900', '0.2'],
          ['59895.5', '0.1'],
        ],
      },
    );
    assert.deepEqual(await get(server, '/api/v2/public/depth/NOPE_USDT'), notAvailable);
  });

  it('V2 trades: newest first, volume in stock, isBuyerMaker when the taker sold', async () => {
    const [first, second] = tradeIds as [number, number];
    const all = await result<{ time: string }[]>(server, '/api/v2/public/trades/BTC_USDT');
    for (const t of all) assert.match(t.time, ISO);
    assert.deepEqual(
      all.map((t) => ({ ...t, time: '' })),
      [
        { tradeId: second, price: '59900', volume: '0.2', time: '', isBuyerMaker: true },
        { tradeId: first, price: '60100', volume: '0.1', time: '', isBuyerMaker: false },
      ],
    );
    assert.deepEqual(await get(server, '/api/v2/public/trades/NOPE_USDT'), notAvailable);
  });

  it('V2 fee: the rates most spot markets charge, in percent', async () => {
    assert.deepEqual(await result(server, '/api/v2/public/fee'), { makerFee: '0.1', takerFee: '0.1' });
  });

  it('V2 assets: per ticker a stable UUID and the V4 status figures', async () => {
    const all = await result<Record<string, { id: string; lastUpdateTimestamp: string }>>(
      server,
      '/api/v2/public/assets',
    );
    const v4 = (await get(server, '/api/v4/public/assets')).body as Record<string, Record<string, unknown>>;
    assert.deepEqual(Object.keys(all), Object.keys(v4));
    const btc = all.BTC as { id: string; lastUpdateTimestamp: string };
    assert.match(btc.id, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.match(btc.lastUpdateTimestamp, ISO);
    assert.deepEqual(
      { ...btc, lastUpdateTimestamp: '' },
      {
        id: btc.id,
        lastUpdateTimestamp: '',
        name: v4.BTC?.name,
        canWithdraw: v4.BTC?.can_withdraw,
        canDeposit: v4.BTC?.can_deposit,
        minWithdrawal: v4.BTC?.min_withdraw,
        maxWithdrawal: v4.BTC?.max_withdraw,
        makerFee: v4.BTC?.maker_fee,
        takerFee: v4.BTC?.taker_fee,
      },
    );
    const ids = new Set(Object.values(all).map((a) => a.id));
    assert.equal(ids.size, Object.keys(all).length, 'one id per asset');
    await server.restart();
    const again = await result<Record<string, { id: string }>>(server, '/api/v2/public/assets');
    assert.equal(again.BTC?.id, btc.id, 'the same id after a restart');
  });

  it('cached like V4: the same body within a second, a fresh one after', async () => {
    const fresh = await trader(server, 'carol', { USDT: '100000' });
    clock.stop();
    const before = await result(server, '/api/v1/public/tickers');
    const beforeV2 = await result(server, '/api/v2/public/ticker');
    await fresh.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '60000' });
    assert.deepEqual(await result(server, '/api/v1/public/tickers'), before);
    assert.deepEqual(await result(server, '/api/v2/public/ticker'), beforeV2);
    clock.advance(1001);
    const after = await result<Record<string, { ticker: { bid: string } }>>(server, '/api/v1/public/tickers');
    assert.equal(after.BTC_USDT?.ticker.bid, '60000');
    clock.resume();
  });
});
