import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { whitebitAt, type Whitebit } from '../../support/ccxt-whitebit.js';
import { TestServer } from '../../support/test-server.js';

/** ccxt types its implicit API methods loosely: a call by name, answered as txc sent it. */
type Implicit = (params?: Record<string, unknown>) => Promise<Record<string, unknown>>;
const call = (
  exchange: Whitebit,
  name: string,
  params: Record<string, unknown> = {},
): Promise<Record<string, unknown>> =>
  (exchange as unknown as Record<string, Implicit>)[name]?.call(exchange, params) ??
  Promise.reject(new Error(`ccxt has no ${name}`));

/**
 * ccxt 4.5.84's `whitebit` class, unchanged, on the routes beside the V4 market data and orders:
 * the API V1 and V2 public routes (its implicit methods, and fetchTickers through the V2 ticker),
 * the codes of the main account and the account's market fees.
 */
describe('ccxt whitebit: API V1 and V2 public routes, codes, market fees', () => {
  let server: TestServer;
  let exchange: Whitebit;
  let sdk: TxcClient;
  let other: Whitebit;

  before(async () => {
    server = await TestServer.start({ demo: true });
    const user = await server.user('bot', { deposits: { USDT: '10000' } });
    sdk = user.client;
    exchange = whitebitAt(server, { apiKey: user.apiKey, secret: user.apiSecret });
    const friend = await server.user('friend');
    other = whitebitAt(server, { apiKey: friend.apiKey, secret: friend.apiSecret });
  });
  after(() => server.stop());

  it('fetchTickers through the V2 ticker: the last price, best bid and ask, 24-hour volumes', async () => {
    const tickers = await exchange.fetchTickers(['BTC/USDT', 'ETH/USDT'], { method: 'v2PublicGetTicker' });
    assert.deepEqual(Object.keys(tickers).sort(), ['BTC/USDT', 'ETH/USDT']);
    const v4 = (await sdk.ticker()).BTC_USDT;
    const book = await sdk.orderbook('BTC_USDT', { limit: 1 });
    const btc = tickers['BTC/USDT'];
    assert.equal(String(btc?.last), v4?.last_price);
    assert.equal(String(btc?.bid), book.bids[0]?.[0]);
    assert.equal(String(btc?.ask), book.asks[0]?.[0]);
    assert.equal(String(btc?.baseVolume), v4?.base_volume);
  });

  it('every V1 and V2 public method ccxt declares answers its documented envelope', async () => {
    const wrapped = [
      ['v1PublicGetMarkets', {}],
      ['v1PublicGetTickers', {}],
      ['v1PublicGetSymbols', {}],
      ['v1PublicGetHistory', { market: 'BTC_USDT', lastId: 0 }],
      ['v2PublicGetMarkets', {}],
      ['v2PublicGetTicker', {}],
      ['v2PublicGetAssets', {}],
      ['v2PublicGetFee', {}],
      ['v2PublicGetDepthMarket', { market: 'BTC_USDT' }],
      ['v2PublicGetTradesMarket', { market: 'BTC_USDT' }],
    ] as const;
    for (const [name, params] of wrapped) {
      const answer = await call(exchange, name, params);
      assert.equal(answer.success, true, name);
      assert.equal(answer.message, null, name);
      assert.ok(answer.result !== null && typeof answer.result === 'object', name);
    }
    const depth = await call(exchange, 'v1PublicGetDepthResult', { market: 'BTC_USDT', limit: 2 });
    assert.deepEqual(Object.keys(depth), ['asks', 'bids']);
    assert.equal((depth.asks as unknown[]).length, 2);
  });

  it('codes through its implicit main-account methods: create, apply once, both histories', async () => {
    const created = await call(exchange, 'v4PrivatePostMainAccountCodes', { ticker: 'USDT', amount: '25' });
    assert.equal(created.message, 'Code was successfully created');
    const applied = await call(other, 'v4PrivatePostMainAccountCodesApply', { code: created.code });
    assert.deepEqual({ ticker: applied.ticker, amount: applied.amount }, { ticker: 'USDT', amount: '25' });
    // a second application is refused; ccxt raises it as an exchange error
    await assert.rejects(
      call(other, 'v4PrivatePostMainAccountCodesApply', { code: created.code }),
      /Code already applied/,
    );
    const mine = await call(exchange, 'v4PrivatePostMainAccountCodesMy', {});
    assert.equal((mine.data as { status: string }[])[0]?.status, 'applied');
    const history = await call(other, 'v4PrivatePostMainAccountCodesHistory', {});
    assert.equal((history.data as { amount: string }[])[0]?.amount, '+25');
    assert.equal((await other.fetchBalance({ account: 'main' })).USDT?.total, 25);
  });

  it("market fees through its implicit methods reflect the user's own rates; fetchTradingFees reads the asset list", async () => {
    await server.admin('POST', '/admin/v1/users/bot/fees', { market: 'BTC_USDT', makerFee: '0.02', takerFee: '0.04' });
    const all = await call(exchange, 'v4PrivatePostMarketFee', {});
    assert.deepEqual(all.custom_fee, { BTC_USDT: { taker: '0.04', maker: '0.02' } });
    const single = await call(exchange, 'v4PrivatePostMarketFeeSingle', { market: 'BTC_USDT' });
    assert.deepEqual(single, { error: null, taker: '0.04', maker: '0.02' });
    // ccxt's fetchTradingFees reads /public/assets, the venue's per-asset figures, not the account's
    const fees = await exchange.fetchTradingFees();
    assert.equal(fees['BTC/USDT']?.maker, 0.001);
  });
});
