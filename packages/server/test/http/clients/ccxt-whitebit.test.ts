import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ccxt from 'ccxt';
import type { TxcClient } from '@txc/sdk';
import { lastBody, whitebitAt, type Whitebit } from '../../support/ccxt-whitebit.js';
import { TestServer } from '../../support/test-server.js';

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** What txc answered, as ccxt keeps it (typed `any` by ccxt). */
const raw = (parsed: { info: unknown }): Record<string, unknown> => parsed.info as Record<string, unknown>;

/**
 * A bot's code, unchanged: ccxt 4.5.84's `whitebit` class with only `urls.api` pointed at a real txc
 * (the demo venue, so books have liquidity). Each step checks what ccxt parsed against what txc
 * itself says. Where ccxt's reading differs from txc for good, docs/compatibility.md says why.
 */
describe('ccxt whitebit against txc', () => {
  let server: TestServer;
  let exchange: Whitebit;
  let sdk: TxcClient;
  let credentials: { apiKey: string; secret: string };
  const ids: Record<string, string> = {};

  before(async () => {
    server = await TestServer.start({ demo: true });
    const user = await server.user('bot', { deposits: { USDT: '10000', BTC: '1' } });
    sdk = user.client;
    credentials = { apiKey: user.apiKey, secret: user.apiSecret };
    exchange = whitebitAt(server, credentials);
  });
  after(() => server.stop());

  describe('public', () => {
    it('loadMarkets: spot and swap markets with the precisions and limits of /public/markets', async () => {
      const markets = await exchange.loadMarkets();
      assert.deepEqual(Object.keys(markets).sort(), [
        'BTC/USDT',
        'BTC/USDT:USDT',
        'ETH/BTC',
        'ETH/USDT',
        'ETH/USDT:USDT',
        'XRP/USDT',
      ]);
      const btc = markets['BTC/USDT'];
      assert.equal(btc?.id, 'BTC_USDT');
      assert.deepEqual(btc?.precision, { amount: 0.000001, price: 0.01 });
      assert.equal(btc?.limits.amount?.min, 0.00001);
      assert.equal(btc?.limits.cost?.min, 5);
      assert.equal(btc?.taker, 0.001);
      assert.equal(btc?.margin, true);
      assert.equal(markets['BTC/USDT:USDT']?.swap, true);
    });

    it('fetchStatus and fetchTime', async () => {
      assert.equal((await exchange.fetchStatus()).status, 'ok');
      const time = await exchange.fetchTime();
      assert.ok(time !== undefined && Math.abs(time - Date.now()) < 5000);
      assert.equal((time ?? 1) % 1000, 0);
    });

    it('fetchCurrencies: precisions, networks with their limits, fiat told apart', async () => {
      const currencies = await exchange.fetchCurrencies();
      assert.equal(currencies.BTC?.precision, 0.00000001);
      assert.deepEqual(Object.keys(currencies.USDT?.networks ?? {}).sort(), ['ERC20', 'TRC20']);
      const erc20 = currencies.USDT?.networks.ERC20 as { limits: { withdraw: { min?: number } } } | undefined;
      assert.equal(erc20?.limits.withdraw.min, 10);
      assert.equal(currencies.USD?.type, 'fiat');
      assert.equal(currencies.LUNC?.deposit, false);
    });

    it('fetchTicker: the 24-hour figures, the last price of /public/ticker, the best bid and ask', async () => {
      const ticker = await exchange.fetchTicker('BTC/USDT');
      const book = await sdk.orderbook('BTC_USDT', { limit: 1 });
      assert.equal(String(ticker.last), (await sdk.ticker()).BTC_USDT?.last_price);
      assert.equal(String(ticker.bid), book.bids[0]?.[0]);
      assert.equal(String(ticker.ask), book.asks[0]?.[0]);
      assert.ok((ticker.high ?? 0) >= (ticker.low ?? Infinity));
      assert.ok((ticker.baseVolume ?? 0) > 0);
    });

    it('fetchTickers (spot)', async () => {
      const tickers = await exchange.fetchTickers(['BTC/USDT', 'ETH/USDT']);
      assert.deepEqual(Object.keys(tickers).sort(), ['BTC/USDT', 'ETH/USDT']);
      assert.equal(String(tickers['ETH/USDT']?.last), (await sdk.ticker()).ETH_USDT?.last_price);
    });

    it('fetchOrderBook: best first, limited', async () => {
      const book = await exchange.fetchOrderBook('BTC/USDT', 5);
      assert.equal(book.bids.length, 5);
      assert.equal(book.asks.length, 5);
      assert.ok((book.bids[0]?.[0] ?? 0) > (book.bids[1]?.[0] ?? 0));
      assert.ok((book.asks[0]?.[0] ?? 0) < (book.asks[1]?.[0] ?? 0));
      assert.ok((book.bids[0]?.[0] ?? Infinity) < (book.asks[0]?.[0] ?? 0));
    });

    it('fetchTrades: the stock amount from the inverted volume names', async () => {
      const trades = await exchange.fetchTrades('BTC/USDT');
      const raw = await sdk.trades('BTC_USDT');
      assert.equal(trades.length, raw.length);
      const first = trades.find((t) => t.id === String(raw[0]?.tradeID));
      assert.equal(String(first?.amount), raw[0]?.quote_volume);
      assert.equal(String(first?.cost), raw[0]?.base_volume);
    });
  });

  describe('accounts', () => {
    it('fetchBalance of the main account', async () => {
      const balance = await exchange.fetchBalance({ account: 'main' });
      assert.equal(balance.USDT?.total, 10000);
      assert.equal(balance.BTC?.free, 1);
    });

    it('transfer from main to spot, then fetchBalance of the spot account', async () => {
      await exchange.transfer('USDT', 5000, 'main', 'spot');
      await exchange.transfer('BTC', 0.5, 'main', 'spot');
      const spot = await exchange.fetchBalance();
      assert.deepEqual(spot.USDT, { free: 5000, used: 0, total: 5000 });
      assert.deepEqual(spot.BTC, { free: 0.5, used: 0, total: 0.5 });
      assert.equal((await exchange.fetchBalance({ account: 'main' })).USDT?.total, 5000);
    });

    it('fetchDepositAddress: the persistent address of the main account', async () => {
      const address = await exchange.fetchDepositAddress('BTC');
      assert.equal(address.address, (await sdk.depositAddress({ ticker: 'BTC' })).account.address);
      assert.match(address.address, /^bc1/);
    });
  });

  describe('trading', () => {
    it('createOrder limit: rests on the book', async () => {
      const order = await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 50000);
      ids.limit = order.id ?? '';
      assert.equal(order.type, 'limit');
      assert.equal(order.price, 50000);
      assert.equal(order.amount, 0.01);
      assert.equal(order.remaining, 0.01);
      assert.match(order.clientOrderId ?? '', /^ccxt[0-9a-f]{16}$/);
      // the fee is held with the price until the order fills
      assert.deepEqual((await exchange.fetchBalance()).USDT, { free: 4499.5, used: 500.5, total: 5000 });
    });

    it('fetchOpenOrders: the resting order, open', async () => {
      const open = await exchange.fetchOpenOrders('BTC/USDT');
      assert.deepEqual(
        open.map((o) => [o.id, o.status]),
        [[ids.limit, 'open']],
      );
    });

    it('cancelOrder: the final order; its funds are released', async () => {
      const cancelled = await exchange.cancelOrder(ids.limit ?? '', 'BTC/USDT');
      assert.equal(cancelled.id, ids.limit);
      assert.equal(raw(cancelled).status, 'CANCELLED');
      assert.deepEqual(await exchange.fetchOpenOrders('BTC/USDT'), []);
      assert.equal((await exchange.fetchBalance()).USDT?.free, 5000);
    });

    it('createOrder market: a sell by stock amount, a buy by cost', async () => {
      const sell = await exchange.createOrder('BTC/USDT', 'market', 'sell', 0.01);
      ids.sell = sell.id ?? '';
      assert.equal(sell.status, 'closed');
      assert.equal(sell.filled, 0.01);
      assert.equal(raw(sell).type, 'stock market');
      const buy = await exchange.createMarketBuyOrderWithCost('BTC/USDT', 100);
      ids.buy = buy.id ?? '';
      assert.equal(buy.status, 'closed');
      assert.equal(raw(buy).type, 'market');
      assert.ok((buy.cost ?? 0) > 99 && (buy.cost ?? 0) <= 100);
      assert.equal(buy.fee?.currency, 'USDT');
    });

    it('createOrder stop-market via triggerPrice: waits for a trade at the trigger', async () => {
      const stop = await exchange.createOrder('BTC/USDT', 'market', 'sell', 0.001, undefined, { triggerPrice: 50000 });
      ids.stop = stop.id ?? '';
      assert.equal(stop.type, 'market');
      assert.equal(stop.triggerPrice, 50000);
      assert.equal(raw(stop).type, 'stop market');
      assert.equal(raw(stop).activationCondition, 'lte');
      assert.ok((await exchange.fetchOpenOrders('BTC/USDT')).some((o) => o.id === ids.stop));
    });

    it('fetchClosedOrders: the cancelled and the filled orders', async () => {
      const closed = await exchange.fetchClosedOrders('BTC/USDT');
      assert.deepEqual(closed.map((o) => o.id).sort(), [ids.buy, ids.limit, ids.sell].sort());
      assert.ok(closed.every((o) => o.status === 'closed' && o.symbol === 'BTC/USDT'));
      assert.equal(closed.find((o) => o.id === ids.sell)?.filled, 0.01);
    });

    it('fetchMyTrades: the fills of both market orders, as taker, fees in USDT', async () => {
      const trades = await exchange.fetchMyTrades('BTC/USDT');
      assert.deepEqual([...new Set(trades.map((t) => t.order))].sort(), [ids.buy, ids.sell].sort());
      assert.ok(trades.every((t) => t.takerOrMaker === 'taker' && t.fee?.currency === 'USDT'));
      const all = await exchange.fetchMyTrades();
      assert.equal(all.length, trades.length);
    });

    it('fetchOrderTrades: the deals of one order add up to its fill', async () => {
      const deals = await exchange.fetchOrderTrades(ids.sell ?? '', 'BTC/USDT');
      assert.ok(deals.length > 0);
      const filled = deals.reduce((sum, d) => sum + Math.round((d.amount ?? 0) * 1e6), 0);
      assert.equal(filled, 10_000);
      assert.ok(deals.every((d) => d.takerOrMaker === 'taker' && d.fee?.currency === 'USDT'));
    });

    it('fetchOHLCV: the candles of /api/v1/public/kline, open, high, low, close and the stock volume', async () => {
      // an end fixed now: a minute that begins between the two reads changes neither answer
      const end = Math.floor(Date.now() / 1000);
      const [mine] = await exchange.fetchMyTrades('BTC/USDT', undefined, 1);
      const asCcxt = (c: readonly (number | string)[]): number[] => [1, 3, 4, 2, 5].map((i) => Number(c[i]));
      const latest = await sdk.kline('BTC_USDT', { interval: '1m', end, limit: 5 });
      assert.ok(latest.result.length > 0 && (latest.result.at(-1)?.[5] ?? '0') !== '0');
      assert.deepEqual(
        await exchange.fetchOHLCV('BTC/USDT', '1m', undefined, 5, { end }),
        latest.result.map((c) => [c[0] * 1000, ...asCcxt(c)]),
      );
      // with `since` (ccxt keeps the candles from it on): the first `limit` periods from its own
      const since = Math.floor((mine?.timestamp ?? 0) / 3_600_000) * 3_600_000;
      const hours = await sdk.kline('BTC_USDT', { interval: '1h', start: Math.floor(since / 1000), end, limit: 2 });
      assert.ok(hours.result.length > 0);
      assert.deepEqual(
        await exchange.fetchOHLCV('BTC/USDT', '1h', since, 2, { end }),
        hours.result.map((c) => [c[0] * 1000, ...asCcxt(c)]),
      );
      await assert.rejects(exchange.fetchOHLCV('BTC/USDT', '2m'), ccxt.ExchangeError);
    });

    it('post-only and IOC limits, stop-limit via triggerPrice, fetchOrder, cancelAllOrders', async () => {
      const maker = await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 50000, { postOnly: true });
      assert.equal(maker.postOnly, true);
      const ioc = await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 70000, { timeInForce: 'IOC' });
      assert.equal(ioc.timeInForce, 'IOC');
      assert.equal(ioc.filled, 0.001);
      const stopLimit = await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 70000, { triggerPrice: 70000 });
      assert.equal(raw(stopLimit).type, 'stop limit');
      // the spec's NEW, which ccxt passes through (docs/compatibility.md)
      assert.equal((await exchange.fetchOrder(maker.id ?? '', 'BTC/USDT')).status, 'NEW');
      await exchange.cancelAllOrders('BTC/USDT');
      assert.deepEqual(await exchange.fetchOpenOrders('BTC/USDT'), []);
      assert.equal((await exchange.fetchOrder(maker.id ?? '', 'BTC/USDT')).status, 'CANCELLED');
    });
  });

  describe('deposits and withdrawals', () => {
    it('withdraw: accepted, then listed by fetchWithdrawals under the uniqueId ccxt made', async () => {
      const sent = await exchange.withdraw('BTC', 0.01, ADDRESS);
      assert.match(sent.id ?? '', /^[0-9a-zA-Z]{22}$/);
      const withdrawals = await exchange.fetchWithdrawals('BTC');
      const mine = withdrawals.find((w) => w.id === sent.id);
      assert.equal(mine?.amount, 0.01);
      assert.equal(mine?.address, ADDRESS);
      assert.equal(mine?.type, 'withdrawal');
      assert.equal(mine?.status, 'pending');
      assert.equal(mine?.fee?.cost, 0.0002);
    });

    it('createDepositAddress and fetchDepositWithdrawFees', async () => {
      const fresh = await exchange.createDepositAddress('BTC');
      assert.match(fresh.address ?? '', /^bc1/);
      const fees = await exchange.fetchDepositWithdrawFees(['BTC', 'USDT']);
      assert.equal(fees.BTC?.withdraw?.fee, 0.0002);
      assert.deepEqual(Object.keys(fees.USDT?.networks ?? {}).sort(), ['ERC20', 'TRC20']);
    });

    it('fetchDeposits: the credited deposits, ok', async () => {
      const deposits = await exchange.fetchDeposits();
      assert.deepEqual(deposits.map((d) => [d.currency, d.amount, d.status, d.type]).sort(), [
        ['BTC', 1, 'ok', 'deposit'],
        ['USDT', 10000, 'ok', 'deposit'],
      ]);
    });
  });

  describe('errors as ccxt classes', () => {
    it('InsufficientFunds: an order beyond the balance, a transfer beyond it', async () => {
      await assert.rejects(exchange.createOrder('BTC/USDT', 'limit', 'buy', 1, 50000), ccxt.InsufficientFunds);
      await assert.rejects(exchange.transfer('USDT', 1_000_000, 'main', 'spot'), ccxt.InsufficientFunds);
    });

    it('OrderNotFound: cancelling an order that is not open', async () => {
      await assert.rejects(exchange.cancelOrder('999999', 'BTC/USDT'), ccxt.OrderNotFound);
      await assert.rejects(exchange.cancelOrder(ids.limit ?? '', 'BTC/USDT'), ccxt.OrderNotFound);
    });

    it('AuthenticationError: a wrong secret, an unknown key', async () => {
      const forged = whitebitAt(server, { apiKey: credentials.apiKey, secret: 'not-the-secret' });
      await assert.rejects(forged.fetchBalance(), ccxt.AuthenticationError);
      const unknown = whitebitAt(server, { apiKey: 'unknown-key', secret: credentials.secret });
      await assert.rejects(unknown.fetchBalance(), ccxt.AuthenticationError);
    });
  });

  describe("ccxt's signing passes txc's authentication", () => {
    it('its body: request, nonce as a string, nonceWindow false, then the parameters', async () => {
      await exchange.fetchBalance({ account: 'main' });
      const body = lastBody(exchange);
      assert.deepEqual(Object.keys(body), ['request', 'nonce', 'nonceWindow']);
      assert.equal(body.request, '/api/v4/main-account/balance');
      assert.match(String(body.nonce), /^[0-9]{13}$/);
      assert.equal(typeof body.nonce, 'string');
      assert.equal(body.nonceWindow, false);
      await exchange.transfer('USDT', 1, 'spot', 'main');
      assert.deepEqual(Object.keys(lastBody(exchange)), [
        'request',
        'nonce',
        'nonceWindow',
        'ticker',
        'amount',
        'from',
        'to',
      ]);
    });

    it('with its nonceWindow option: millisecond nonces inside the ±5 s window', async () => {
      const windowed = whitebitAt(server, credentials, { nonceWindow: true });
      const spot = await windowed.fetchBalance();
      assert.equal(String(spot.USDT?.free), (await sdk.tradeBalance('USDT')).available);
      assert.equal(lastBody(windowed).nonceWindow, true);
      // fetchOrders sends two private calls at once, which may leave in the same millisecond: with
      // nonces that never repeat (docs/compatibility.md), inside the window their order does not matter
      let last = 0;
      windowed.nonce = () => (last = Math.max(Date.now(), last + 1));
      const orders = await windowed.fetchOrders('BTC/USDT');
      assert.ok(orders.some((o) => o.id === ids.sell));
    });
  });

  describe('collateral: balance, leverage, orders with stop-loss and take-profit, positions', () => {
    it("transfer to the collateral account, then fetchBalance({ type: 'swap' })", async () => {
      await exchange.transfer('USDT', 1000, 'main', 'margin');
      assert.equal(lastBody(exchange).to, 'collateral');
      await exchange.transfer('BTC', 0.1, 'main', 'collateral');
      const swap = await exchange.fetchBalance({ type: 'swap' });
      assert.equal(lastBody(exchange).request, '/api/v4/collateral-account/balance');
      assert.deepEqual(Object.keys(lastBody(exchange)), ['request', 'nonce', 'nonceWindow']);
      const held = await sdk.collateralBalance();
      assert.deepEqual(held, { BTC: '0.1', USDT: '1000' });
      assert.deepEqual(swap.total, { BTC: 0.1, USDT: 1000 });
      // one amount per asset (reference §6.3), which ccxt reads as the total only
      assert.equal(swap.USDT?.free, undefined);
    });

    it("setLeverage: the summary's leverage; ccxt itself refuses above 20 (docs/compatibility.md)", async () => {
      assert.deepEqual(await exchange.setLeverage(5), { leverage: 5 });
      assert.equal(lastBody(exchange).leverage, 5);
      assert.equal((await sdk.collateralSummary()).leverage, 5);
      await assert.rejects(exchange.setLeverage(4), { name: 'ExchangeError', message: /"code":30/ });
      await assert.rejects(exchange.setLeverage(50), { name: 'BadRequest' });
      assert.deepEqual(await exchange.v4PrivatePostCollateralAccountLeverage({ leverage: 50 }), { leverage: 50 });
      assert.equal((await sdk.collateralSummary()).leverage, 50);
      await exchange.setLeverage(5);
    });

    it('createOrder on a swap symbol with stopLoss / takeProfit: an OTO group whose legs wait', async () => {
      const order = await exchange.createOrder('BTC/USDT:USDT', 'limit', 'buy', 0.01, 61000, {
        stopLoss: 50000,
        takeProfit: 90000,
      });
      const body = lastBody(exchange);
      assert.equal(body.request, '/api/v4/order/collateral/limit');
      assert.deepEqual([body.market, body.stopLoss, body.takeProfit], ['BTC_PERP', 50000, 90000]);
      assert.equal(order.symbol, 'BTC/USDT:USDT');
      assert.equal(order.status, 'closed');
      assert.equal(order.filled, 0.01);
      const oto = raw(order).oto as { otoId: number; stopLoss: string; takeProfit: string };
      assert.deepEqual(oto, { otoId: oto.otoId, stopLoss: '50000', takeProfit: '90000' });
      // the parent filled, so both legs are armed: stop-market sells of what it filled
      const legs = await exchange.fetchOpenOrders('BTC/USDT:USDT');
      const active = await sdk.activeOrders({ market: 'BTC_PERP' });
      const byId = (a: (string | number | undefined)[], b: (string | number | undefined)[]): number =>
        String(a[0]).localeCompare(String(b[0]));
      assert.deepEqual(
        legs.map((o) => [o.id, o.side, o.type, o.triggerPrice, o.amount]).sort(byId),
        active
          .map((o) => [String(o.order_id), o.side, 'market', Number(o.activation_price), Number(o.amount)])
          .sort(byId),
      );
      assert.deepEqual(legs.map((o) => o.triggerPrice).sort(), [50000, 90000]);
      assert.ok(legs.every((o) => o.side === 'sell' && o.amount === 0.01));
    });

    it("createOrder on a spot pair with marginMode 'cross': a collateral order, a margin position", async () => {
      const spot = await sdk.tradeBalance('USDT');
      const order = await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 70000, { marginMode: 'cross' });
      assert.equal(lastBody(exchange).request, '/api/v4/order/collateral/limit');
      assert.equal(lastBody(exchange).marginMode, undefined);
      assert.equal(order.symbol, 'BTC/USDT');
      assert.equal(order.status, 'closed');
      assert.equal(order.filled, 0.001);
      // bought on the collateral account (borrowing), not with the spot account's USDT
      assert.deepEqual(await sdk.tradeBalance('USDT'), spot);
    });

    it("ccxt's stopLossPrice and { triggerPrice } forms are not stop-losses here (docs/compatibility.md)", async () => {
      const plain = await exchange.createOrder('BTC/USDT:USDT', 'limit', 'buy', 0.01, 50000, { stopLossPrice: 45000 });
      assert.equal(lastBody(exchange).stopLossPrice, 45000);
      assert.equal(raw(plain).oto, undefined);
      await exchange.cancelOrder(plain.id ?? '', 'BTC/USDT:USDT');
      await assert.rejects(
        exchange.createOrder('BTC/USDT:USDT', 'limit', 'buy', 0.01, 50000, { stopLoss: { triggerPrice: 45000 } }),
        { name: 'ExchangeError', message: /"code":30.*"stopLoss"/ },
      );
      const spot = await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 50000, { stopLoss: 45000 });
      assert.equal(lastBody(exchange).request, '/api/v4/order/new');
      assert.equal(raw(spot).oto, undefined);
      await exchange.cancelOrder(spot.id ?? '', 'BTC/USDT');
    });

    it('fetchPositions: what positions/open answers, stop-loss and take-profit from its tpsl', async () => {
      const positions = await exchange.fetchPositions();
      const open = await sdk.openPositions();
      const num = (text: string | null): number | undefined => (text === null ? undefined : Number(text));
      assert.deepEqual(
        positions.map((p) => [p.id, p.entryPrice, p.collateral, p.unrealizedPnl, p.percentage, p.liquidationPrice]),
        open.map((p) => [
          String(p.positionId),
          Number(p.basePrice),
          Number(p.margin),
          Number(p.pnl),
          Number(p.pnlPercent),
          num(p.liquidationPrice),
        ]),
      );
      // oldest first: the perpetual, then the margin position on the spot pair
      assert.deepEqual(
        positions.map((p) => p.symbol),
        ['BTC/USDT:USDT', 'BTC/USDT'],
      );
      assert.deepEqual(
        open.map((p) => p.market),
        ['BTC_PERP', 'BTC_USDT'],
      );
      assert.deepEqual(
        positions.map((p) => p.timestamp),
        open.map((p) => Math.trunc(p.openDate * 1000)),
      );
      const [perp, margin] = positions;
      assert.deepEqual([perp?.stopLossPrice, perp?.takeProfitPrice], [50000, 90000]);
      assert.deepEqual([open[0]?.tpsl?.stopLoss, open[0]?.tpsl?.takeProfit], ['50000', '90000']);
      assert.equal(margin?.stopLossPrice, undefined);
      // ccxt leaves contracts and side unset: the size is the answer's amount (docs/compatibility.md)
      assert.deepEqual([perp?.contracts, perp?.side, open[0]?.amount], [undefined, undefined, '0.01']);
      // ccxt filters by symbol itself
      assert.deepEqual(
        (await exchange.fetchPositions(['BTC/USDT'])).map((p) => p.id),
        [margin?.id],
      );
    });

    it('fetchPosition sends `symbol`, which positions/open does not read: pass `market` (docs/compatibility.md)', async () => {
      // every open position is answered, and ccxt keeps the first: the oldest, of another market
      assert.equal((await exchange.fetchPosition('BTC/USDT')).symbol, 'BTC/USDT:USDT');
      const margin = await exchange.fetchPosition('BTC/USDT', { market: 'BTC_USDT' });
      assert.equal(margin.symbol, 'BTC/USDT');
      assert.equal(margin.id, String((await sdk.openPositions('BTC_USDT'))[0]?.positionId));
    });
  });

  describe('perpetuals: the futures listing and funding', () => {
    it('fetchTickers of swap markets reads the futures listing', async () => {
      const tickers = await exchange.fetchTickers(['BTC/USDT:USDT', 'ETH/USDT:USDT']);
      const { result } = await sdk.futures();
      assert.deepEqual(Object.keys(tickers).sort(), ['BTC/USDT:USDT', 'ETH/USDT:USDT']);
      for (const m of result) {
        const t = tickers[`${m.stock_currency}/${m.money_currency}:${m.money_currency}`];
        assert.deepEqual([t?.last, t?.bid, t?.ask, t?.high, t?.low, t?.baseVolume, t?.quoteVolume].map(String), [
          m.last_price,
          m.bid,
          m.ask,
          m.high,
          m.low,
          m.stock_volume,
          m.money_volume,
        ]);
      }
    });

    it('fetchFundingRates: the predicted rate, its settlement time, the mark and index prices', async () => {
      const rates = await exchange.fetchFundingRates(['BTC/USDT:USDT']);
      const btc = (await sdk.futures()).result.find((m) => m.ticker_id === 'BTC_PERP');
      const rate = rates['BTC/USDT:USDT'];
      assert.equal(String(rate?.fundingRate), btc?.funding_rate);
      assert.equal(rate?.fundingTimestamp, Number(btc?.next_funding_rate_timestamp));
      assert.equal(String(rate?.markPrice), btc?.markPrice);
      assert.equal(String(rate?.indexPrice), btc?.index_price);
      assert.equal(String(rate?.interestRate), btc?.interestRate);
    });

    it("fetchFundingHistory: the account's funding payments", async () => {
      assert.ok((await sdk.openPositions('BTC_PERP')).length > 0, 'the bot holds a perpetual position');
      const settled = await server.admin('POST', '/admin/v1/funding/settle', { market: 'BTC_PERP' });
      assert.equal(settled.status, 200);
      const history = await exchange.fetchFundingHistory('BTC/USDT:USDT');
      const { records } = await sdk.collateralFundingHistory({ market: 'BTC_PERP' });
      assert.equal(history.length, records.length);
      assert.deepEqual(
        history.map((h) => [h.symbol, h.timestamp, String(h.amount)]),
        [...records].reverse().map((r) => ['BTC/USDT:USDT', Number(r.fundingTime), r.fundingAmount]),
      );
      assert.equal(lastBody(exchange).market, 'BTC_PERP');
    });
  });
});
