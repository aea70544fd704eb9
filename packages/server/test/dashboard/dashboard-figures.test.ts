import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcClient } from '@txc/sdk';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, logInAsTrader, type TestBrowser } from '../support/browser.js';
import { collateralServer, collateralTrader, units } from '../support/collateral.js';
import type { TestServer } from '../support/test-server.js';

/** The decimals the API writes index prices, marks, rates and PnL with. */
const API_DECIMALS = 18;

function decimalsOf(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

/** Significant digits as written: `0.0000999923` has 6. */
function significantDigits(text: string): number {
  return text.replace(/[-.]/g, '').replace(/^0+/, '').length;
}

/**
 * A cell shows a figure for reading (`readable` says what that is): the API's exact figure to the
 * nearest of the last place shown, and the exact figure as the cell's title. Returns what is shown.
 */
async function rounded(cell: Locator, exact: string, readable: (shown: string) => boolean): Promise<string> {
  // a cell shows — until what it needs has loaded
  let shown = '—';
  for (let i = 0; i < 100 && shown === '—'; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 100));
    shown = ((await cell.textContent()) ?? '').trim();
  }
  assert.ok(readable(shown), `${shown} shown for ${exact}`);
  const off = units(shown, API_DECIMALS) - units(exact, API_DECIMALS);
  const halfPlace = 10n ** BigInt(API_DECIMALS - decimalsOf(shown)) / 2n;
  assert.ok((off < 0n ? -off : off) <= halfPlace, `${shown} is not ${exact} rounded`);
  assert.equal(await cell.getAttribute('title'), exact);
  return shown;
}

/** BTC_PERP prices have 1 decimal. */
const atPricePrecision = (shown: string) => decimalsOf(shown) <= 1;
/** A figure of no fixed precision: a few significant digits, or cents. */
const toFewDigits = (shown: string) => significantDigits(shown) <= 6 || decimalsOf(shown) <= 2;

/** The cell of a table row under the column a user reads as `header`. */
async function under(table: Locator, row: Locator, header: string): Promise<Locator> {
  const headers = (await table.locator('thead th').allTextContents()).map((text) => text.trim());
  const column = headers.indexOf(header);
  assert.ok(column >= 0, `no column ${header}: ${headers.join(', ')}`);
  return row.locator('td').nth(column);
}

describe("the dashboard's long figures read at a sensible precision", () => {
  let server: TestServer;
  let browser: TestBrowser;

  before(async () => {
    server = await collateralServer();
    // an index of 18 decimals, as a price feed may give: BTC_PERP's index, mark and PnL have as many
    const r = await server.admin('POST', '/admin/v1/index-prices', {
      ticker: 'BTC',
      price: '60000.123456789012345678',
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    browser = await launchBrowser('dashboard-figures');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a perpetual's index and mark at the market's decimals, its funding rate to a few digits", async () => {
    const futures = await btcPerp(server);
    assert.ok(decimalsOf(futures.index_price) > 10, `the API's index: ${futures.index_price}`);
    await browser.withPage('perp-figures', async (page) => {
      await page.goto(`${server.url}/ui/?market=BTC_PERP`);
      const index = page.getByTestId('perp-index');
      await index.waitFor();
      await rounded(index, futures.index_price, atPricePrecision);
      await rounded(page.getByTestId('perp-mark'), futures.markPrice, atPricePrecision);
      await rounded(page.getByTestId('perp-funding'), futures.funding_rate, toFewDigits);
    });
  });

  it("a position's entry, mark and liquidation at the market's decimals, its PnL to a few digits", async () => {
    const maker = await collateralTrader(server, 'figures-maker', { USDT: '100000' });
    await maker.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.01', price: '60000' });
    const { client, apiKey, apiSecret } = await server.user('figures-trader', { deposits: { USDT: '5000' } });
    await client.transfer({ ticker: 'USDT', amount: '5000', from: 'main', to: 'collateral' });
    await client.collateralMarket({ market: 'BTC_PERP', side: 'buy', amount: '0.01' });
    const [position] = await client.openPositions('BTC_PERP');
    assert.ok(position !== undefined);
    assert.ok(decimalsOf(position.unrealizedPnl) > 10, `the API's PnL: ${position.unrealizedPnl}`);
    const futures = await btcPerp(server);

    await browser.withPage('position-figures', async (page) => {
      await logInAsTrader(page, server.url, 'BTC_PERP', apiKey, apiSecret);
      const table = page.getByTestId('positions');
      const row = page.getByTestId('position');
      await row.waitFor();
      await rounded(await under(table, row, 'Mark'), futures.markPrice, atPricePrecision);
      await rounded(await under(table, row, 'Unrealized PnL'), position.unrealizedPnl, toFewDigits);
      await rounded(await under(table, row, 'Entry'), position.basePrice, atPricePrecision);
      if (position.liquidationPrice !== null) {
        await rounded(await under(table, row, 'Liquidation'), position.liquidationPrice, atPricePrecision);
      }
    });
  });

  it("a position's side reads long or short: from its amount's sign in one-way mode, as named in hedge mode", async () => {
    const maker = await collateralTrader(server, 'sides-maker', { USDT: '100000' });
    await maker.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.02', price: '60000' });
    await maker.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.02', price: '59900' });
    const oneWay = await server.user('one-way-short', { deposits: { USDT: '5000' } });
    await oneWay.client.transfer({ ticker: 'USDT', amount: '5000', from: 'main', to: 'collateral' });
    await oneWay.client.collateralMarket({ market: 'BTC_PERP', side: 'sell', amount: '0.01' });
    const oneWayLong = await server.user('one-way-long', { deposits: { USDT: '5000' } });
    await oneWayLong.client.transfer({ ticker: 'USDT', amount: '5000', from: 'main', to: 'collateral' });
    await oneWayLong.client.collateralMarket({ market: 'BTC_PERP', side: 'buy', amount: '0.01' });
    const hedged = await server.user('hedged', { deposits: { USDT: '5000' } });
    await hedged.client.transfer({ ticker: 'USDT', amount: '5000', from: 'main', to: 'collateral' });
    await hedged.client.collateralHedgeModeUpdate({ hedgeMode: true });
    await hedged.client.collateralMarket({ market: 'BTC_PERP', side: 'sell', amount: '0.01', positionSide: 'SHORT' });
    await hedged.client.collateralMarket({ market: 'BTC_PERP', side: 'buy', amount: '0.01', positionSide: 'LONG' });
    const sides = async (page: Page) => {
      await page.getByTestId('position').first().waitFor();
      return page.getByTestId('position-side').allTextContents();
    };

    await browser.withPage('position-sides', async (page) => {
      const [short] = await oneWay.client.openPositions('BTC_PERP');
      assert.deepEqual([short?.positionSide, short?.amount], ['BOTH', '-0.01']);
      await logInAsTrader(page, server.url, 'BTC_PERP', oneWay.apiKey, oneWay.apiSecret);
      assert.deepEqual(await sides(page), ['short']);
      await page.getByTestId('logout').click();
      await logInAsTrader(page, server.url, 'BTC_PERP', oneWayLong.apiKey, oneWayLong.apiSecret);
      assert.deepEqual(await sides(page), ['long']);
      await page.getByTestId('logout').click();

      const positions = await hedged.client.openPositions('BTC_PERP');
      await logInAsTrader(page, server.url, 'BTC_PERP', hedged.apiKey, hedged.apiSecret);
      assert.deepEqual(
        await sides(page),
        positions.map((p) => p.positionSide.toLowerCase()),
      );
      assert.deepEqual(positions.map((p) => p.positionSide).sort(), ['LONG', 'SHORT']);
    });
  });
});

/** The futures listing's entry of BTC_PERP, as the API answers it now. */
async function btcPerp(server: TestServer) {
  const futures = await new TxcClient({ baseUrl: server.url }).futures();
  const entry = futures.result.find((f) => f.ticker_id === 'BTC_PERP');
  assert.ok(entry !== undefined);
  return entry;
}
