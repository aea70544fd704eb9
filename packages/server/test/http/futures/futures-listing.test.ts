import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FuturesMarket, TxcClient } from '@txc/sdk';
import { collateralServer, collateralTrader, text, units } from '../../support/collateral.js';
import { ManualClock } from '../../support/manual-clock.js';
import { TestServer } from '../../support/test-server.js';

const EIGHT_HOURS_MS = 480 * 60_000;

function market(listing: { result: FuturesMarket[] }, name: string): FuturesMarket {
  const m = listing.result.find((x) => x.ticker_id === name);
  assert.ok(m !== undefined, `${name} is listed`);
  return m;
}

describe('GET /api/v4/public/futures on the demo venue (spec §4.1, §2.1)', () => {
  let server: TestServer;
  let anon: TxcClient;

  before(async () => {
    server = await TestServer.start({ demo: true });
    anon = (await server.user('reader')).client;
  });
  after(() => server.stop());

  it('wraps every perpetual, with every field of spec §2.1 in its type', async () => {
    const listing = await anon.futures();
    assert.equal(listing.success, true);
    assert.equal(listing.message, null);
    assert.deepEqual(
      listing.result.map((m) => m.ticker_id),
      ['BTC_PERP', 'ETH_PERP'],
    );
    const btc = market(listing, 'BTC_PERP');
    const activity = (await anon.marketTicker('BTC_PERP')).result;
    assert.deepEqual(
      {
        stock: btc.stock_currency,
        money: btc.money_currency,
        product: btc.product_type,
        index: btc.index_price,
        name: btc.index_name,
        currency: btc.index_currency,
        maxLeverage: btc.max_leverage,
        interval: btc.funding_interval_minutes,
        cap: btc.funding_cap,
        floor: btc.funding_floor,
      },
      {
        stock: 'BTC',
        money: 'USDT',
        product: 'Perpetual',
        index: '60000',
        name: 'Bitcoin',
        currency: 'BTC',
        maxLeverage: 100,
        interval: 480,
        cap: '0.0003',
        floor: '-0.0003',
      },
    );
    // the 24-hour figures and the best bid and ask are the market's own
    assert.deepEqual(
      [btc.last_price, btc.stock_volume, btc.money_volume, btc.high, btc.low, btc.bid, btc.ask],
      [activity.last, activity.volume, activity.deal, activity.high, activity.low, activity.bid, activity.ask],
    );
    assert.ok(Number(btc.stock_volume) > 0 && Number(btc.bid) < Number(btc.ask));
    assert.deepEqual(btc.brackets, {
      '1': 0,
      '2': 0,
      '3': 0,
      '5': 0,
      '10': 0,
      '20': 1000000,
      '50': 200000,
      '100': 50000,
    });
    assert.equal(market(listing, 'ETH_PERP').max_leverage, 50);
  });

  it('funding: the next settlement is the next 8-hour boundary, in 13-digit milliseconds; the rate is predicted', async () => {
    const btc = market(await anon.futures(), 'BTC_PERP');
    assert.match(btc.next_funding_rate_timestamp, /^[0-9]{13}$/);
    const next = Number(btc.next_funding_rate_timestamp);
    assert.equal(next % EIGHT_HOURS_MS, 0);
    assert.ok(next > Date.now() - 1000 && next <= Date.now() + EIGHT_HOURS_MS);
    // the demo book straddles the index: no premium, only the interest component
    assert.equal(btc.funding_rate, '0.0001');
    assert.equal(btc.interestRate, '0.0001');
    assert.equal(btc.markPrice, '60000');
    assert.equal(btc.indexPrice, btc.index_price);
  });

  it('open interest is the total long size now, not a volume', async () => {
    const before = units(market(await anon.futures(), 'BTC_PERP').open_interest, 4);
    assert.ok(before > 0n, 'the demo seed leaves the taker long');
    const { client: longer } = await server.user('longer', { deposits: { USDT: '10000' } });
    await longer.transfer({ ticker: 'USDT', amount: '10000', from: 'main', to: 'collateral' });
    await longer.collateralMarket({ market: 'BTC_PERP', side: 'buy', amount: '0.01' });
    await new Promise((r) => setTimeout(r, 1100));
    const after = market(await anon.futures(), 'BTC_PERP');
    // the maker sold to the new long: one more long position of 0.01
    assert.equal(after.open_interest, text(before + units('0.01', 4), 4));
  });
});

describe('the futures listing: its 24-hour window and its 1-second cache', () => {
  let server: TestServer;
  let clock: ManualClock;
  let carol: TxcClient;
  let dave: TxcClient;

  before(async () => {
    clock = new ManualClock();
    server = await collateralServer({}, clock);
    carol = await collateralTrader(server, 'carol', { USDT: '100000' });
    dave = await collateralTrader(server, 'dave', { USDT: '100000' });
  });
  after(() => server.stop());

  // the cache's second is on the clock: running, two slow orders could outlast it before the second read
  it('answers the same body within a second, a fresh one after', () =>
    clock.standingStill(async () => {
      const first = await carol.futures();
      assert.equal(market(first, 'BTC_PERP').last_price, '0');
      await dave.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.1', price: '60100' });
      await carol.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '60100' });
      assert.deepEqual(await carol.futures(), first);
      clock.advance(1001);
      const fresh = market(await carol.futures(), 'BTC_PERP');
      assert.deepEqual([fresh.last_price, fresh.stock_volume, fresh.money_volume], ['60100', '0.1', '6010']);
      assert.equal(fresh.open_interest, '0.1');
    }));

  it('trades older than 24 hours leave the window; the last price stays', async () => {
    clock.advance(12 * 3_600_000);
    await dave.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.05', price: '59900' });
    await carol.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.05', price: '59900' });
    clock.advance(1001);
    const both = market(await carol.futures(), 'BTC_PERP');
    assert.deepEqual([both.last_price, both.stock_volume, both.high, both.low], ['59900', '0.15', '60100', '59900']);
    // 24 hours and a second after the first trade: only the second is in the window
    clock.advance(12 * 3_600_000);
    const later = market(await carol.futures(), 'BTC_PERP');
    assert.deepEqual(
      [later.last_price, later.stock_volume, later.money_volume, later.high, later.low],
      ['59900', '0.05', '2995', '59900', '59900'],
    );
    // and a day after the last one the window is empty
    clock.advance(12 * 3_600_000);
    const empty = market(await carol.futures(), 'BTC_PERP');
    assert.deepEqual([empty.last_price, empty.stock_volume, empty.money_volume], ['59900', '0', '0']);
  });
});
