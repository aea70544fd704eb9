import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, logInAsTrader, type TestBrowser } from '../support/browser.js';
import { collateralServer } from '../support/collateral.js';
import type { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';

/** The order types the form offers, in its order. */
async function offered(page: Page): Promise<string[]> {
  const options = page.getByTestId('order-type').locator('option');
  const values: string[] = [];
  for (let i = 0; i < (await options.count()); i++) values.push((await options.nth(i).getAttribute('value')) ?? '');
  return values;
}

/** The label of the amount field (an input has no text of its own). */
async function amountLabel(page: Page): Promise<string> {
  return (await page.locator('label', { has: page.getByTestId('order-amount') }).textContent()) ?? '';
}

/** The text of the cell under `header` in the row of `table` whose id (its first cell) is `id`. */
async function cellOf(table: Locator, id: number, header: string): Promise<string> {
  const headers = (await table.locator('thead th').allTextContents()).map((text) => text.trim());
  const row = table
    .locator('tbody tr')
    .filter({ has: table.page().locator('td:first-child', { hasText: new RegExp(`^${id}$`) }) });
  await row.waitFor();
  return ((await row.locator('td').nth(headers.indexOf(header)).textContent()) ?? '').trim();
}

describe('the order form offers what the selected market takes, and says what an amount is in', () => {
  let server: TestServer;
  let browser: TestBrowser;

  before(async () => {
    server = await collateralServer();
    browser = await launchBrowser('dashboard-order-form');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a perpetual offers collateral orders only, and its default order is one it takes', async () => {
    const { client, apiKey, apiSecret } = await server.user('perp-trader', { deposits: { USDT: '1000' } });
    await client.transfer({ ticker: 'USDT', amount: '1000', from: 'main', to: 'collateral' });
    await browser.withPage('perp-types', async (page) => {
      await logInAsTrader(page, server.url, 'BTC_PERP', apiKey, apiSecret);
      assert.deepEqual(await offered(page), ['collateral-limit']);
      assert.equal(await page.getByTestId('order-type').inputValue(), 'collateral-limit');
      await page.getByTestId('order-price').fill('50000');
      await page.getByTestId('order-amount').fill('0.001');
      await page.getByTestId('order-submit').click();
      await page.getByTestId('order-placed').waitFor();
      assert.equal(await page.getByTestId('api-error').count(), 0);
      const [order] = await client.activeOrders({ market: 'BTC_PERP' });
      assert.deepEqual([order?.price, order?.amount], ['50000', '0.001']);
      // another market's form starts empty: a price typed for one is never sent on another
      await page.getByTestId('market-select').selectOption('BTC_USDT');
      await page.getByText('New order · BTC_USDT').waitFor();
      assert.equal(await page.getByTestId('order-price').inputValue(), '');
      assert.equal(await page.getByTestId('order-amount').inputValue(), '');
      assert.equal(await page.getByTestId('order-placed').count(), 0, 'the placed order was on BTC_PERP');
    });
  });

  it('a spot market offers the spot types, and collateral limit only where it trades on collateral', async () => {
    const { apiKey, apiSecret } = await server.user('spot-trader');
    await browser.withPage('spot-types', async (page) => {
      await logInAsTrader(page, server.url, 'ETH_BTC', apiKey, apiSecret);
      assert.deepEqual(await offered(page), ['limit', 'market', 'stop-limit', 'stop-market']);
      assert.equal(await page.getByTestId('order-type').inputValue(), 'limit');
      // a type chosen on one market falls back to the default where it is not taken
      await page.getByTestId('market-select').selectOption('BTC_USDT');
      await page.getByTestId('order-type').selectOption('collateral-limit');
      await page.getByTestId('market-select').selectOption('BTC_PERP');
      assert.deepEqual(await offered(page), ['collateral-limit']);
      await page.getByTestId('market-select').selectOption('XRP_USDT');
      assert.equal(await page.getByTestId('order-type').inputValue(), 'limit');
      await page.getByTestId('market-select').selectOption('BTC_USDT');
      assert.deepEqual(await offered(page), ['limit', 'market', 'stop-limit', 'stop-market', 'collateral-limit']);
    });
  });

  it("a buy stop-market order's amount is labelled as the money to spend, as a market buy's is", async () => {
    const { apiKey, apiSecret } = await server.user('stop-labeller');
    await browser.withPage('stop-market-label', async (page) => {
      await logInAsTrader(page, server.url, 'BTC_USDT', apiKey, apiSecret);
      for (const type of ['market', 'stop-market']) {
        await page.getByTestId('order-type').selectOption(type);
        await page.getByTestId('order-side-buy').click();
        assert.match(await amountLabel(page), /money to spend.*USDT/, type);
        await page.getByTestId('order-side-sell').click();
        assert.doesNotMatch(await amountLabel(page), /money/, type);
        assert.match(await amountLabel(page), /BTC/, type);
      }
      await page.getByTestId('order-type').selectOption('limit');
      await page.getByTestId('order-side-buy').click();
      assert.match(await amountLabel(page), /BTC/);
    });
  });

  it("the lists say what an order's amount is in: the money a market or stop-market buy spends", async () => {
    const seller = await trader(server, 'unit-seller', { XRP: '1000', BTC: '1' });
    const { client, apiKey, apiSecret } = await server.user('unit-buyer', { deposits: { USDT: '1000' } });
    await client.transfer({ ticker: 'USDT', amount: '500', from: 'main', to: 'spot' });
    await client.transfer({ ticker: 'USDT', amount: '500', from: 'main', to: 'collateral' });
    await seller.orderNew({ market: 'XRP_USDT', side: 'sell', amount: '100', price: '0.5' });
    await browser.withPage('amount-units', async (page) => {
      // XRP_USDT trades on spot alone: its history knows a market buy spent money
      await logInAsTrader(page, server.url, 'XRP_USDT', apiKey, apiSecret);
      await page.getByTestId('order-type').selectOption('market');
      await page.getByTestId('order-side-buy').click();
      await page.getByTestId('order-amount').fill('20');
      await page.getByTestId('order-submit').click();
      await page.getByTestId('order-placed').waitFor();
      const [bought] = (await client.orderHistory({ market: 'XRP_USDT' })).XRP_USDT ?? [];
      assert.ok(bought !== undefined);
      assert.deepEqual([bought.type, bought.amount], ['market', '20']);
      const history = page.getByTestId('order-history');
      assert.equal(await cellOf(history, bought.id, 'Amount'), '20 USDT');
      assert.equal(await cellOf(history, bought.id, 'Filled'), `${bought.dealStock} XRP`);

      // a stop-market buy rests with the money it will spend; a sell's amount is the stock
      await page.getByTestId('order-type').selectOption('stop-market');
      await page.getByTestId('order-activation').fill('0.6');
      await page.getByTestId('order-amount').fill('10');
      await page.getByTestId('order-submit').click();
      const open = page.getByTestId('open-orders');
      await page.getByTestId('open-order').waitFor();
      const [stop] = await client.activeOrders({ market: 'XRP_USDT' });
      assert.ok(stop !== undefined);
      assert.deepEqual([stop.type, stop.amount], ['stop market', '10']);
      assert.equal(await cellOf(open, stop.orderId, 'Amount'), '10 USDT');
      assert.equal(await cellOf(open, stop.orderId, 'Left'), '10 USDT');
    });

    // on BTC_USDT a collateral order is listed alongside: its trigger-market buy's amount is stock
    const buyer = await trader(server, 'unit-btc-buyer', { USDT: '100' });
    await seller.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '60000' });
    await buyer.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '60000' });
    const spotStop = await client.orderStopMarket({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '30',
      activation_price: '70000',
    });
    const collateralStop = await client.collateralTriggerMarket({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.002',
      activation_price: '70000',
    });
    await browser.withPage('amount-units-collateral', async (page) => {
      await logInAsTrader(page, server.url, 'BTC_USDT', apiKey, apiSecret);
      const open = page.getByTestId('open-orders');
      assert.equal(await cellOf(open, spotStop.orderId, 'Amount'), '30 USDT');
      assert.equal(await cellOf(open, collateralStop.orderId, 'Amount'), '0.002 BTC');
    });
  });
});
