import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { bookFollowsRandomOrders, tradeSeenByWatchTrades } from '../support/ccxt-pro-watch.js';
import { eventually } from '../support/eventually.js';
import { whitebitProAt, type WhitebitPro } from '../support/ccxt-whitebit.js';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';

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

    await bookFollowsRandomOrders(exchange, [maker, taker], 7, 50000);
  });

  test('watchTrades: a trade made through REST', async () => {
    await tradeSeenByWatchTrades(exchange, maker, taker);
  });

  test('watchTicker: the 24-hour figures', async () => {
    const ticker = await exchange.watchTicker('BTC/USDT');
    assert.equal(ticker.symbol, 'BTC/USDT');
    const rest = await maker.marketTicker('BTC_USDT');
    assert.equal(ticker.last, Number((rest as { result: { last: string } }).result.last));
    assert.ok((ticker.baseVolume ?? 0) > 0);
  });
});
