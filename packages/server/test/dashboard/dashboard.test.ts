import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcError, type TxcClient } from '@txc/sdk';
import type { Page } from 'playwright-core';
import { launchBrowser, logInAsTrader, type TestBrowser } from '../support/browser.js';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';

const MARKET = 'BTC_USDT';

/** Logs a page into the trader view with a key, as a user would type it. */

/** Waits until a balance cell shows exactly `value`. */
async function balanceShows(page: Page, ticker: string, cell: string, value: string): Promise<void> {
  await page
    .locator(`[data-testid="balance-${ticker}"] [data-testid="${cell}"]`, {
      hasText: new RegExp(`^${value.replace('.', '\\.')}$`),
    })
    .waitFor();
}

describe('the dashboard (headless Chromium against a real server)', () => {
  let server: TestServer;
  let browser: TestBrowser;

  before(async () => {
    server = await TestServer.start();
    browser = await launchBrowser('dashboard');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a resting order placed through REST shows in the live book, and leaves it when cancelled', async () => {
    const maker = await trader(server, 'book-maker', { USDT: '1000' });
    await browser.withPage('book', async (page) => {
      await page.goto(`${server.url}/ui/?market=${MARKET}`);
      // the first snapshot arrived: from here on the page follows the server's book
      await page.locator('[data-testid="book"][data-live="true"]').waitFor();
      const order = await maker.orderNew({ market: MARKET, side: 'buy', amount: '0.0012', price: '31234.5' });
      const level = page.locator('[data-testid="bids"] [data-testid="level"][data-price="31234.5"]');
      await level.waitFor();
      assert.equal(await level.getAttribute('data-amount'), '0.0012');
      assert.equal(await page.locator('[data-testid="asks"] [data-price="31234.5"]').count(), 0);

      await maker.orderCancel({ market: MARKET, orderId: order.orderId });
      await level.waitFor({ state: 'detached' });
    });
  });

  it('a trade through REST shows in recent trades and moves the live candle', async () => {
    const seller = await trader(server, 'candle-seller', { BTC: '1' });
    const buyer = await trader(server, 'candle-buyer', { USDT: '1000' });
    await browser.withPage('trades-and-candles', async (page) => {
      await page.goto(`${server.url}/ui/?market=${MARKET}`);
      await page.locator('[data-testid="book"][data-live="true"]').waitFor();
      await seller.orderNew({ market: MARKET, side: 'sell', amount: '0.002', price: '45678.9' });
      await buyer.orderNew({ market: MARKET, side: 'buy', amount: '0.002', price: '45678.9' });
      const trade = page.locator('[data-testid="trades"] [data-testid="trade"]', { hasText: '45678.9' });
      await trade.waitFor();
      assert.match((await trade.textContent()) ?? '', /0\.002/);
      await page.locator('[data-testid="candles"][data-close="45678.9"]').waitFor();
    });
  });

  it('logging in shows the balances the API answers for the key', async () => {
    const { client, apiKey, apiSecret } = await server.user('balances-user', {
      deposits: { USDT: '100', BTC: '0.25' },
    });
    await client.transfer({ ticker: 'USDT', amount: '40', from: 'main', to: 'spot' });
    await browser.withPage('login', async (page) => {
      await logInAsTrader(page, server.url, MARKET, apiKey, apiSecret);
      const main = await client.mainBalance('USDT');
      const spot = await client.tradeBalance('USDT');
      await balanceShows(page, 'USDT', 'main', main.main_balance);
      await balanceShows(page, 'USDT', 'spot-available', spot.available);
      await balanceShows(page, 'BTC', 'main', (await client.mainBalance('BTC')).main_balance);
      assert.deepEqual([main.main_balance, spot.available], ['60', '40']);
      // the secret stays in the tab's sessionStorage: nothing of it in localStorage or cookies
      assert.equal(await page.evaluate('JSON.stringify(localStorage).includes("txc.trader")'), false);
      assert.deepEqual(await page.context().cookies(), []);
    });
  });

  it('an order placed and cancelled from the page moves the spot balance as the API says', async () => {
    const { client, apiKey, apiSecret } = await server.user('page-trader', { deposits: { USDT: '500' } });
    await client.transfer({ ticker: 'USDT', amount: '200', from: 'main', to: 'spot' });
    await browser.withPage('place-and-cancel', async (page) => {
      await logInAsTrader(page, server.url, MARKET, apiKey, apiSecret);
      await balanceShows(page, 'USDT', 'spot-available', '200');

      await page.getByTestId('order-side-buy').click();
      await page.getByTestId('order-type').selectOption('limit');
      await page.getByTestId('order-price').fill('25000');
      await page.getByTestId('order-amount').fill('0.002');
      await page.getByTestId('order-submit').click();
      const row = page.getByTestId('open-order');
      await row.waitFor();
      const [placed] = await client.activeOrders({ market: MARKET });
      assert.ok(placed !== undefined, 'the order placed from the page is open');
      assert.match((await row.textContent()) ?? '', new RegExp(String(placed.orderId)));
      const frozen = await client.tradeBalance('USDT');
      assert.notEqual(frozen.available, '200');
      await balanceShows(page, 'USDT', 'spot-available', frozen.available);
      await balanceShows(page, 'USDT', 'spot-freeze', frozen.freeze);

      await page.getByTestId(`cancel-${placed.orderId}`).click();
      await row.waitFor({ state: 'detached' });
      const released = await client.tradeBalance('USDT');
      assert.deepEqual(released, { available: '200', freeze: '0' });
      await balanceShows(page, 'USDT', 'spot-available', released.available);
      await balanceShows(page, 'USDT', 'spot-freeze', released.freeze);
    });
  });

  it('a double-clicked Cancel sends one cancel: the order goes, and no "not found" error shows', async () => {
    const { client, apiKey, apiSecret } = await server.user('double-clicker', { deposits: { USDT: '100' } });
    await client.transfer({ ticker: 'USDT', amount: '100', from: 'main', to: 'spot' });
    const order = await client.orderNew({ market: MARKET, side: 'buy', amount: '0.001', price: '20000' });
    await browser.withPage('double-cancel', async (page) => {
      const cancels: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/v4/order/cancel') cancels.push(request.url());
      });
      await logInAsTrader(page, server.url, MARKET, apiKey, apiSecret);
      await page.getByTestId(`cancel-${order.orderId}`).dblclick();
      await page.getByTestId('open-order').waitFor({ state: 'detached' });
      assert.deepEqual(await client.activeOrders({ market: MARKET }), []);
      // time for a second cancel's refusal to come back and show
      await page.waitForTimeout(1000);
      assert.equal(cancels.length, 1, cancels.join(', '));
      assert.equal(await page.getByTestId('api-error').count(), 0);
    });
  });

  it('an API error is shown with its code and field messages, as the API answers it', async () => {
    const { client, apiKey, apiSecret } = await server.user('error-user', { deposits: { USDT: '50' } });
    await client.transfer({ ticker: 'USDT', amount: '50', from: 'main', to: 'spot' });
    const refused = await refusal(client, { market: MARKET, side: 'buy', amount: '0.0001', price: '10' });
    await browser.withPage('api-error', async (page) => {
      await logInAsTrader(page, server.url, MARKET, apiKey, apiSecret);
      await page.getByTestId('order-price').fill('10');
      await page.getByTestId('order-amount').fill('0.0001');
      await page.getByTestId('order-submit').click();
      const error = page.getByTestId('api-error');
      await error.waitFor();
      assert.equal(await error.getByTestId('api-error-code').textContent(), String(refused.code));
      assert.equal(await error.getByTestId('api-error-message').textContent(), refused.apiMessage);
      for (const [field, messages] of Object.entries(refused.errors)) {
        assert.match(
          (await error.getByTestId(`api-error-field-${field}`).textContent()) ?? '',
          new RegExp(escape(messages.join(' '))),
        );
      }
      assert.equal(await page.getByTestId('open-order').count(), 0);
    });
  });

  it('a deposit credited in the operator view shows in the trader view', async () => {
    const { apiKey, apiSecret } = await server.user('deposit-user');
    await browser.withPage('admin-deposit', async (page) => {
      await logInAsTrader(page, server.url, MARKET, apiKey, apiSecret);
      const admin = await browser.context.newPage();
      try {
        await admin.goto(`${server.url}/ui/admin`);
        await admin.getByTestId('admin-token').fill(server.adminToken);
        await admin.getByTestId('admin-submit').click();
        await admin.getByTestId('deposit-user').fill('deposit-user');
        await admin.getByTestId('deposit-ticker').fill('BTC');
        await admin.getByTestId('deposit-amount').fill('0.75');
        await admin.getByTestId('deposit-submit').click();
        await admin.getByTestId('deposit-done').waitFor();
      } finally {
        await admin.close();
      }
      // the trader's page, open all along, picks the credit up by itself
      await balanceShows(page, 'BTC', 'main', '0.75');
    });
  });

  it("a wrong admin token is refused with the admin API's own message", async () => {
    await browser.withPage('admin-token', async (page) => {
      await page.goto(`${server.url}/ui/admin`);
      await page.getByTestId('admin-token').fill('not-the-token');
      await page.getByTestId('admin-submit').click();
      await page.getByTestId('api-error').filter({ hasText: 'Missing or invalid admin token.' }).waitFor();
    });
  });

  it('a wrong admin token is checked once, never kept, and not sent again', async () => {
    await browser.withPage('admin-token-not-kept', async (page) => {
      const admin: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/admin/')) admin.push(request.url());
      });
      await page.goto(`${server.url}/ui/admin`);
      await page.getByTestId('admin-token').fill('not-the-token');
      await page.getByTestId('admin-submit').click();
      await page.getByTestId('api-error').filter({ hasText: 'Missing or invalid admin token.' }).waitFor();
      assert.equal(await page.evaluate('sessionStorage.getItem("txc.admin")'), null);
      // longer than the state line's poll (5 s): a token kept would have been sent again by now
      await page.waitForTimeout(6000);
      assert.equal(admin.length, 1, admin.join(', '));
      await page.reload();
      await page.getByTestId('admin-token').waitFor();
      assert.equal(await page.getByTestId('api-error').count(), 0);

      // a token kept from before that the API no longer takes is forgotten at its first refusal
      await page.evaluate('sessionStorage.setItem("txc.admin", "an-old-token")');
      admin.length = 0;
      await page.reload();
      await page.getByTestId('api-error').filter({ hasText: 'Missing or invalid admin token.' }).waitFor();
      assert.equal(await page.evaluate('sessionStorage.getItem("txc.admin")'), null);
      await page.waitForTimeout(6000);
      assert.equal(admin.length, 1, admin.join(', '));
    });
  });
});

async function refusal(client: TxcClient, order: Parameters<TxcClient['orderNew']>[0]): Promise<TxcError> {
  try {
    await client.orderNew(order);
  } catch (e) {
    assert.ok(e instanceof TxcError, String(e));
    assert.notEqual(e.code, undefined);
    return e;
  }
  throw new Error('the order was accepted: the test needs one the API refuses');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
