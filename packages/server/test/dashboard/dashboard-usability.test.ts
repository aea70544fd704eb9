import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcClient } from '@txc/sdk';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../support/browser.js';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';

/** Presses Tab until the element with this test id has the focus; fails if it is never reached. */
async function tabTo(page: Page, testId: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate('document.activeElement?.getAttribute("data-testid")');
    if (focused === testId) return;
  }
  assert.fail(`Tab never reached ${testId}`);
}

/** Whether the page is wider than the window, which on a phone means scrolling sideways. */
async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth');
}

/** The test id of the element that has the focus. */
async function focused(page: Page): Promise<unknown> {
  return page.evaluate('document.activeElement?.getAttribute("data-testid")');
}

describe('the dashboard is usable from the keyboard, on a phone and in either theme', () => {
  let server: TestServer;
  let browser: TestBrowser;

  before(async () => {
    server = await TestServer.start();
    browser = await launchBrowser('dashboard-usability');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a user logs in and places an order with the keyboard alone', async () => {
    const { client, apiKey, apiSecret } = await server.user('keyboard-user', { deposits: { USDT: '100' } });
    await client.transfer({ ticker: 'USDT', amount: '100', from: 'main', to: 'spot' });
    await browser.withPage('keyboard', async (page) => {
      await page.goto(`${server.url}/ui/trade?market=BTC_USDT`);
      await tabTo(page, 'login-key');
      await page.keyboard.type(apiKey);
      await page.keyboard.press('Tab');
      await page.keyboard.type(apiSecret);
      await page.keyboard.press('Enter');
      await page.locator('[data-testid="balance-USDT"] [data-testid="spot-available"]', { hasText: /^100$/ }).waitFor();

      await tabTo(page, 'order-price');
      await page.keyboard.type('20000');
      await tabTo(page, 'order-amount');
      await page.keyboard.type('0.001');
      await page.keyboard.press('Enter');
      await page.getByTestId('open-order').waitFor();
      const [order] = await client.activeOrders({ market: 'BTC_USDT' });
      assert.ok(order !== undefined);
      await tabTo(page, `cancel-${order.orderId}`);
      await page.keyboard.press('Enter');
      await page.getByTestId('open-order').waitFor({ state: 'detached' });
      assert.deepEqual(await client.activeOrders({ market: 'BTC_USDT' }), []);
    });
  });

  it('a confirmation takes the focus, is dropped with Escape, and gives the focus back to its button', async () => {
    const { client, apiKey } = await server.user('key-kept-by-escape');
    await browser.withPage('confirm-keyboard', async (page) => {
      await page.goto(`${server.url}/ui/admin`);
      await page.getByTestId('admin-token').fill(server.adminToken);
      await page.getByTestId('admin-submit').click();
      await page.getByTestId('key-revoke-key').fill(apiKey);
      await page.getByTestId('key-revoke').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('key-revoke-confirm').waitFor();
      assert.equal(await focused(page), 'key-revoke-confirm-ok');
      await page.keyboard.press('Escape');
      await page.getByTestId('key-revoke-confirm').waitFor({ state: 'detached' });
      assert.equal(await focused(page), 'key-revoke');
      await client.mainBalances();

      await page.keyboard.press('Enter');
      assert.equal(await focused(page), 'key-revoke-confirm-ok');
      await page.keyboard.press('Enter');
      await page.getByTestId('key-revoked').waitFor();
      assert.equal(await focused(page), 'key-revoke');
      await assert.rejects(client.mainBalances(), /Unauthorized request/);
    });
  });

  it('recent trades say buy or sell in words, and a market that did not move is not coloured as up', async () => {
    const seller = await trader(server, 'worded-seller', { BTC: '1' });
    const buyer = await trader(server, 'worded-buyer', { USDT: '1000' });
    await seller.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '41234.5' });
    await buyer.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '41234.5' });
    await buyer.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '41000.5' });
    await seller.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '41000.5' });
    const publicApi = new TxcClient({ baseUrl: server.url });
    const ticker = await publicApi.ticker();
    const still = Object.keys(ticker).find((market) => ticker[market]?.change === '0');
    assert.ok(still !== undefined, 'a market without a change in 24 hours');
    await browser.withPage('trade-sides', async (page) => {
      await page.goto(`${server.url}/ui/?market=BTC_USDT`);
      for (const [price, side] of [
        ['41234.5', 'buy'],
        ['41000.5', 'sell'],
      ] as const) {
        const row = page.locator('[data-testid="trades"] [data-testid="trade"]', { hasText: price });
        await row.waitFor();
        assert.equal(await row.getByTestId('trade-side').textContent(), side);
        assert.equal(await row.getAttribute('class'), side);
      }
      const change = page.getByTestId(`market-${still}`).getByTestId('market-change');
      await change.filter({ hasText: '%' }).waitFor();
      assert.doesNotMatch((await change.getAttribute('class')) ?? '', /\b(up|down)\b/);
    });
  });

  it('on a phone-size screen no view scrolls sideways', async () => {
    const { apiKey, apiSecret } = await server.user('phone-user', { deposits: { USDT: '10' } });
    await browser.withPage('phone', async (page) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`${server.url}/ui/?market=BTC_USDT`);
      await page.locator('[data-testid="book"][data-live="true"]').waitFor();
      assert.equal(await overflowsSideways(page), false, 'market view');

      await page.goto(`${server.url}/ui/trade?market=BTC_USDT`);
      await page.getByTestId('login-key').fill(apiKey);
      await page.getByTestId('login-secret').fill(apiSecret);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('balance-USDT').waitFor();
      assert.equal(await overflowsSideways(page), false, 'trader view');

      await page.goto(`${server.url}/ui/admin`);
      await page.getByTestId('admin-token').fill(server.adminToken);
      await page.getByTestId('admin-submit').click();
      await page.getByTestId('deposit-submit').waitFor();
      assert.equal(await overflowsSideways(page), false, 'operator view');
    });
  });

  it('every view loads from txc alone, without a console error', async () => {
    await browser.withPage('own-origin', async (page) => {
      const origin = new URL(server.url);
      const elsewhere: string[] = [];
      const errors: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.host !== origin.host) elsewhere.push(request.url());
      });
      page.on('websocket', (socket) => {
        if (new URL(socket.url()).host !== origin.host) elsewhere.push(socket.url());
      });
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${server.url}/ui/?market=BTC_PERP`);
      await page.locator('[data-testid="book"][data-live="true"]').waitFor();
      await page.getByTestId('perp-countdown').waitFor();
      await page.getByTestId('nav-trade').click();
      await page.getByTestId('login-key').waitFor();
      await page.getByTestId('nav-admin').click();
      await page.getByTestId('admin-token').waitFor();
      assert.deepEqual(elsewhere, []);
      assert.deepEqual(errors, []);
    });
  });

  it('the theme switches between light and dark and is kept for the next visit', async () => {
    await browser.withPage('theme', async (page) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(`${server.url}/ui/`);
      const theme = () => page.evaluate('document.documentElement.dataset.theme');
      const background = () => page.evaluate('getComputedStyle(document.body).backgroundColor');
      assert.equal(await theme(), 'light');
      const light = await background();
      await page.getByTestId('theme-toggle').click();
      assert.equal(await theme(), 'dark');
      assert.notEqual(await background(), light);
      await page.reload();
      assert.equal(await theme(), 'dark');
    });
  });

  it("an index price set in the operator view is the perpetual's index in the market view", async () => {
    await browser.withPage('index-price', async (page) => {
      await page.goto(`${server.url}/ui/admin`);
      await page.getByTestId('admin-token').fill(server.adminToken);
      await page.getByTestId('admin-submit').click();
      // a perpetual's index is its stock's index over its money's: both are set
      const prices: [string, string][] = [
        ['USDT', '1'],
        ['BTC', '61234.5'],
      ];
      for (const [ticker, price] of prices) {
        await page.getByTestId('index-ticker').fill(ticker);
        await page.getByTestId('index-price').fill(price);
        await page.getByTestId('index-submit').click();
        await page
          .getByTestId('index-done')
          .filter({ hasText: `${ticker} index: ${price} USDT.` })
          .waitFor();
      }

      await page.goto(`${server.url}/ui/?market=BTC_PERP`);
      await page
        .getByTestId('perp-index')
        .filter({ hasText: /^61234\.5$/ })
        .waitFor();
      await page
        .getByTestId('perp-countdown')
        .filter({ hasText: /^\d+:\d\d:\d\d$/ })
        .waitFor();
    });
  });
});
