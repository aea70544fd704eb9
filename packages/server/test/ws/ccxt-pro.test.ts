import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { eventually } from '../support/ccxt-pro-watch.js';
import { whitebitProAt, type WhitebitPro } from '../support/ccxt-whitebit.js';
import { Prng } from '../support/prng.js';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';

const numbers = (levels: readonly (readonly [string, string])[]): number[][] =>
  levels.map(([p, a]) => [Number(p), Number(a)]);

describe('ccxt pro whitebit, unchanged, against txc', () => {
  let server: TestServer;
  let exchange: WhitebitPro;
  let maker: TxcClient;
  let taker: TxcClient;

  before(async () => {
    server = await TestServer.start();
    maker = await trader(server, 'promaker', { BTC: '10', USDT: '1000000' });
    taker = await trader(server, 'protaker', { BTC: '10', USDT: '1000000' });
    exchange = await whitebitProAt(server);
  });
  after(async () => {
    await exchange.close();
    await server.stop();
  });

  test('watchOrderBook: an order placed through REST shows; the book ccxt keeps is the REST book', async () => {
    await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '49000' });
    const book = await exchange.watchOrderBook('BTC/USDT');
    assert.deepEqual(book.bids[0], [49000, 0.1]);
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.2', price: '51000' });
    const bestAsk = (): number | undefined =>
      (exchange.orderbooks['BTC/USDT']?.asks as number[][] | undefined)?.[0]?.[0];
    await eventually('the new ask in ccxt', () => bestAsk() === 51000);

    const random = new Prng(7);
    for (let i = 0; i < 30; i++) {
      const side = random.pick(['buy', 'sell'] as const);
      const price = String(random.int(49500, 50500));
      const amount = `0.0${random.int(1, 9)}`;
      await (i % 2 === 0 ? maker : taker).orderNew({ market: 'BTC_USDT', side, amount, price });
    }
    await eventually('ccxt book equal to the REST book', async () => {
      const rest = await maker.orderbook('BTC_USDT', { limit: 10 });
      const cached = exchange.orderbooks['BTC/USDT'];
      if (cached === undefined) return false;
      return (
        JSON.stringify(cached.asks.slice(0, 10)) === JSON.stringify(numbers(rest.asks)) &&
        JSON.stringify(cached.bids.slice(0, 10)) === JSON.stringify(numbers(rest.bids))
      );
    });
  });

  test('watchTrades: a trade made through REST', async () => {
    await exchange.watchTrades('BTC/USDT');
    // a market sell takes the best bid
    await taker.orderStockMarket({ market: 'BTC_USDT', side: 'sell', amount: '0.001' });
    const [latest] = await maker.trades('BTC_USDT');
    assert.ok(latest !== undefined);
    const cached = (): { id: string; price: number; amount: number; side: string; symbol: string }[] =>
      exchange.trades['BTC/USDT'] ?? [];
    await eventually('the trade in ccxt', () => cached().some((t) => t.id === String(latest.tradeID)));
    const trade = cached().find((t) => t.id === String(latest.tradeID));
    assert.deepEqual(
      { price: trade?.price, amount: trade?.amount, side: trade?.side, symbol: trade?.symbol },
      { price: Number(latest.price), amount: 0.001, side: 'sell', symbol: 'BTC/USDT' },
    );
  });

  test('watchTicker: the 24-hour figures', async () => {
    const ticker = await exchange.watchTicker('BTC/USDT');
    assert.equal(ticker.symbol, 'BTC/USDT');
    const rest = await maker.marketTicker('BTC_USDT');
    assert.equal(ticker.last, Number((rest as { result: { last: string } }).result.last));
    assert.ok((ticker.baseVolume ?? 0) > 0);
  });
});
