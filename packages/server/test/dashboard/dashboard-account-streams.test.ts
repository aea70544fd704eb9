import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, logInAsTrader, type TestBrowser } from '../support/browser.js';
import { collateralServer, collateralTrader } from '../support/collateral.js';
import type { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';

/** Well inside the panels' polls (history 10 s, positions 5 s): a change shown sooner came by the streams. */
const HISTORY_WITHIN_MS = 4000;
const POSITIONS_WITHIN_MS = 3000;

/**
 * A user with two keys: one for the page, one for a bot of theirs trading through the API while the
 * page is open.
 */
async function userWithBot(
  server: TestServer,
  name: string,
  deposits: Record<string, string>,
): Promise<{ apiKey: string; apiSecret: string; bot: TxcClient }> {
  const { apiKey, apiSecret } = await server.user(name, { deposits });
  const key = await server.admin('POST', `/admin/v1/users/${name}/api-keys`, {});
  assert.equal(key.status, 201, JSON.stringify(key.body));
  const { apiKey: botKey, apiSecret: botSecret } = key.body as { apiKey: string; apiSecret: string };
  return { apiKey, apiSecret, bot: server.client(botKey, botSecret) };
}

/**
 * Waits for the page's next request to `path`, a poll: a panel's own timer then next reads it a whole
 * period later, so what it shows before that it was told of.
 */
async function afterPoll(page: Page, path: string): Promise<void> {
  await page.waitForRequest((request) => new URL(request.url()).pathname === path, { timeout: 20_000 });
}

/** The row of a history table whose first cell, the id, is `id`. */
function rowWithId(table: Locator, id: number): Locator {
  return table
    .locator('tbody tr')
    .filter({ has: table.page().locator('td:first-child', { hasText: new RegExp(`^${id}$`) }) });
}

describe("the trader's history and positions follow the account streams, whoever trades", () => {
  let server: TestServer;
  let browser: TestBrowser;

  before(async () => {
    server = await collateralServer();
    browser = await launchBrowser('dashboard-account-streams');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a fill made through the API by the user's bot shows in the order and trade history at once", async () => {
    const { apiKey, apiSecret, bot } = await userWithBot(server, 'history-user', { USDT: '500' });
    await bot.transfer({ ticker: 'USDT', amount: '500', from: 'main', to: 'spot' });
    const seller = await trader(server, 'history-seller', { BTC: '1' });
    await browser.withPage('history-follows', async (page) => {
      await logInAsTrader(page, server.url, 'BTC_USDT', apiKey, apiSecret);
      await page.locator('[data-testid="account-stream"][data-state="live"]').waitFor();
      await afterPoll(page, '/api/v4/trade-account/order/history');

      const order = await bot.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30123.4' });
      await seller.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '30123.4' });
      const finished = rowWithId(page.getByTestId('order-history'), order.orderId);
      await finished.waitFor({ timeout: HISTORY_WITHIN_MS });
      assert.match((await finished.textContent()) ?? '', /FILLED/);
      const deals = await bot.executedHistory({ market: 'BTC_USDT', limit: 1 });
      assert.ok(Array.isArray(deals));
      const [deal] = deals;
      assert.ok(deal !== undefined && deal.orderId === order.orderId);
      await rowWithId(page.getByTestId('trade-history'), deal.id).waitFor({ timeout: HISTORY_WITHIN_MS });
    });
  });

  it('a position opened and closed through the API by the bot shows, then goes, at once', async () => {
    const { apiKey, apiSecret, bot } = await userWithBot(server, 'positions-user', { USDT: '5000' });
    await bot.transfer({ ticker: 'USDT', amount: '5000', from: 'main', to: 'collateral' });
    const maker = await collateralTrader(server, 'positions-maker', { USDT: '100000' });
    await maker.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.01', price: '60000' });
    await maker.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.01', price: '59900' });
    await browser.withPage('positions-follow', async (page) => {
      await logInAsTrader(page, server.url, 'BTC_PERP', apiKey, apiSecret);
      await page.locator('[data-testid="account-stream"][data-state="live"]').waitFor();
      const position = page.getByTestId('position');
      assert.equal(await position.count(), 0);

      await afterPoll(page, '/api/v4/collateral-account/positions/open');
      await bot.collateralMarket({ market: 'BTC_PERP', side: 'buy', amount: '0.01' });
      await position.waitFor({ timeout: POSITIONS_WITHIN_MS });

      await afterPoll(page, '/api/v4/collateral-account/positions/open');
      await bot.collateralMarket({ market: 'BTC_PERP', side: 'sell', amount: '0.01' });
      await position.waitFor({ state: 'detached', timeout: POSITIONS_WITHIN_MS });
    });
  });
});
