import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { whitebitProAt } from '../support/ccxt-whitebit.js';
import { ManualClock } from '../support/manual-clock.js';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';

/** Monday 3 June 2024, 10:00 UTC, in Unix milliseconds. */
const T0_MS = Date.UTC(2024, 5, 3, 10);

/** A watch that gets no update fails the test instead of hanging it (a bound on a hang, not a timing check). */
async function bounded<T>(watch: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no update within 10 s`)), 10_000);
  });
  try {
    return await Promise.race([watch, hang]);
  } finally {
    clearTimeout(timer);
  }
}

describe('ccxt pro whitebit, unchanged: watchOHLCV', () => {
  let server: TestServer;
  let maker: TxcClient;
  let taker: TxcClient;

  before(async () => {
    server = await TestServer.start({}, undefined, { clock: new ManualClock(T0_MS + 5000) });
    maker = await trader(server, 'ohlcvmaker', { BTC: '10', ETH: '100', USDT: '1000000' });
    taker = await trader(server, 'ohlcvtaker', { BTC: '10', ETH: '100', USDT: '1000000' });
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '60100' });
    await taker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '60100' });
    await maker.orderNew({ market: 'ETH_USDT', side: 'sell', amount: '1', price: '3000' });
    await taker.orderNew({ market: 'ETH_USDT', side: 'buy', amount: '1', price: '3000' });
  });
  after(() => server.stop());

  test('two symbols over one socket keep streaming; a trade through REST moves the live candle', async () => {
    const exchange = await whitebitProAt(server);
    const candles = async (symbol: string): Promise<readonly (number | undefined)[] | undefined> =>
      (await bounded(exchange.watchOHLCV(symbol, '1m'), symbol)).at(-1);
    try {
      // [timestamp ms, open, high, low, close, base volume]
      assert.deepEqual(await candles('BTC/USDT'), [T0_MS, 60100, 60100, 60100, 60100, 0.1]);
      assert.deepEqual(await candles('ETH/USDT'), [T0_MS, 3000, 3000, 3000, 3000, 1]);

      // ETH's candles_subscribe did not end BTC's: the new trade shows in BTC's candle
      await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.05', price: '60200' });
      await taker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.05', price: '60200' });
      let latest: readonly (number | undefined)[] | undefined;
      for (let i = 0; i < 60 && latest?.[4] !== 60200; i++) latest = await candles('BTC/USDT');
      assert.deepEqual(latest, [T0_MS, 60100, 60200, 60100, 60200, 0.15]);
      // what ccxt keeps from the stream is what its REST call reads
      assert.deepEqual(await exchange.fetchOHLCV('BTC/USDT', '1m', T0_MS, 1), [latest]);
      assert.deepEqual(await candles('ETH/USDT'), [T0_MS, 3000, 3000, 3000, 3000, 1]);
      assert.equal(Object.keys(exchange.clients).length, 1, 'one socket');
    } finally {
      await exchange.close();
    }
  });
});
