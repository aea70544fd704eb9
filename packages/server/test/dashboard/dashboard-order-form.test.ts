import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { launchBrowser, logInAsTrader, type TestBrowser } from '../support/browser.js';
import { collateralServer } from '../support/collateral.js';
import type { TestServer } from '../support/test-server.js';

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
});
