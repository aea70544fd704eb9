import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { launchBrowser, logInAsTrader, type TestBrowser } from '../support/browser.js';
import type { TestServer } from '../support/test-server.js';
import { ADDRESSES, startWalletServer } from '../support/wallet-server.js';

async function openOperator(page: Page, url: string, token: string): Promise<void> {
  await page.goto(`${url}/ui/admin`);
  await page.getByTestId('admin-token').fill(token);
  await page.getByTestId('admin-submit').click();
  await page.getByTestId('admin-state').waitFor();
}

function cell(page: Page, ticker: string, column: string, value: string) {
  return page.locator(`[data-testid="balance-${ticker}"] [data-testid="${column}"]`, {
    hasText: new RegExp(`^${value.replace('.', '\\.')}$`),
  });
}

describe("the dashboard's account and operator panels do what the API does", () => {
  let server: TestServer;
  let browser: TestBrowser;

  before(async () => {
    server = await startWalletServer();
    browser = await launchBrowser('dashboard-panels');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the trader view follows the account's streams: an order placed elsewhere shows as it is pushed", async () => {
    const { client, apiKey, apiSecret } = await server.user('streamed', { deposits: { USDT: '100' } });
    await client.transfer({ ticker: 'USDT', amount: '100', from: 'main', to: 'spot' });
    await browser.withPage('account-stream', async (page) => {
      const pushes: string[] = [];
      page.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          const text = typeof payload === 'string' ? payload : payload.toString('utf8');
          const method = (JSON.parse(text) as { method?: unknown }).method;
          if (typeof method === 'string') pushes.push(method);
        }),
      );
      await logInAsTrader(page, server.url, 'BTC_USDT', apiKey, apiSecret);
      await page.locator('[data-testid="account-stream"][data-state="live"]').waitFor();
      const order = await client.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '20000' });
      await page.getByTestId(`cancel-${order.orderId}`).waitFor();
      assert.ok(pushes.includes('ordersPending_update'), pushes.join(', '));
      await cell(page, 'USDT', 'spot-available', (await client.tradeBalance('USDT')).available).waitFor();
      assert.ok(pushes.includes('balanceSpot_update'), pushes.join(', '));
    });
  });

  it('a stop-limit order from the page rests with its activation price, as the API lists it', async () => {
    const { client, apiKey, apiSecret } = await server.user('stopper', { deposits: { USDT: '100' } });
    await client.transfer({ ticker: 'USDT', amount: '100', from: 'main', to: 'spot' });
    // a stop needs a last price: one trade between two others first
    const { client: seller } = await server.user('stop-seller', { deposits: { BTC: '1' } });
    const { client: buyer } = await server.user('stop-buyer', { deposits: { USDT: '100' } });
    await seller.transfer({ ticker: 'BTC', amount: '1', from: 'main', to: 'spot' });
    await buyer.transfer({ ticker: 'USDT', amount: '100', from: 'main', to: 'spot' });
    await seller.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '45000' });
    await buyer.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '45000' });
    await browser.withPage('stop-limit', async (page) => {
      await logInAsTrader(page, server.url, 'BTC_USDT', apiKey, apiSecret);
      await page.getByTestId('order-type').selectOption('stop-limit');
      await page.getByTestId('order-activation').fill('46000');
      await page.getByTestId('order-price').fill('46100');
      await page.getByTestId('order-amount').fill('0.001');
      await page.getByTestId('order-submit').click();
      const row = page.getByTestId('open-order');
      await row.waitFor();
      const [stop] = await client.activeOrders({ market: 'BTC_USDT' });
      assert.ok(stop !== undefined);
      assert.deepEqual([stop.side, stop.activation_price, stop.price], ['buy', '46000', '46100']);
      assert.equal(await row.getAttribute('data-order-id'), String(stop.orderId));
      assert.equal(await row.getByTestId('open-order-trigger').textContent(), stop.activation_price);
      // a trade at its activation price triggers it: it rests as a limit order, and says so
      await seller.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '46000' });
      await buyer.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '46000' });
      const triggered = row.locator('[data-testid="open-order-trigger"][data-activated="1"]');
      await triggered.waitFor();
      assert.equal(await triggered.textContent(), '46000 · triggered');
    });
  });

  it('a transfer from the page moves money between the accounts', async () => {
    const { client, apiKey, apiSecret } = await server.user('mover', { deposits: { USDT: '100' } });
    await browser.withPage('transfer', async (page) => {
      await logInAsTrader(page, server.url, 'BTC_USDT', apiKey, apiSecret);
      await page.getByTestId('transfer-ticker').fill('USDT');
      await page.getByTestId('transfer-amount').fill('25.5');
      await page.getByTestId('transfer-from').selectOption('main');
      await page.getByTestId('transfer-to').selectOption('spot');
      await page.getByTestId('transfer-submit').click();
      await cell(page, 'USDT', 'spot-available', '25.5').waitFor();
      await cell(page, 'USDT', 'main', '74.5').waitFor();
      assert.deepEqual(await client.mainBalance('USDT'), { main_balance: '74.5' });
      assert.equal((await client.tradeBalance('USDT')).available, '25.5');
    });
  });

  it('the deposit address shown, and in its QR code, is the one the API gives the user', async () => {
    const { client, apiKey, apiSecret } = await server.user('depositor');
    await browser.withPage('deposit-address', async (page) => {
      await logInAsTrader(page, server.url, 'BTC_USDT', apiKey, apiSecret);
      await page.getByTestId('address-ticker').fill('ETH');
      await page.getByTestId('address-submit').click();
      const shown = await page.getByTestId('deposit-address').textContent();
      assert.equal(shown, (await client.depositAddress({ ticker: 'ETH' })).account.address);
      const qr = page.getByTestId('deposit-qr');
      assert.equal(await qr.getAttribute('aria-label'), `QR code of ${shown}`);
      assert.ok(((await qr.locator('path').getAttribute('d')) ?? '').length > 100);
    });
  });

  it('a user and key created in the operator view sign in the trader view; the secret is shown once', async () => {
    await browser.withPage('new-user', async (page) => {
      await openOperator(page, server.url, server.adminToken);
      await page.getByTestId('user-name').fill('made-in-page');
      await page.getByTestId('user-create').click();
      await page.getByText('User made-in-page created.').waitFor();
      await page.getByTestId('key-create').click();
      const apiKey = (await page.getByTestId('new-key-key').textContent()) ?? '';
      const apiSecret = (await page.getByTestId('new-key-secret').textContent()) ?? '';
      assert.match(apiKey, /\S{16,}/);
      await page.reload();
      await page.getByTestId('admin-state').waitFor();
      assert.equal(await page.getByTestId('new-key-secret').count(), 0);

      await logInAsTrader(page, server.url, 'BTC_USDT', apiKey, apiSecret);
      await page.getByTestId('balance-USDT').waitFor();
      assert.equal(await page.getByTestId('api-error').count(), 0);
    });
  });

  it('a withdrawal waits in the operator queue and leaves it when completed there, once confirmed', async () => {
    const { client } = await server.user('withdrawer', { deposits: { BTC: '1' } });
    await client.withdrawPay({ ticker: 'BTC', amount: '0.1', address: ADDRESSES.bitcoin, uniqueId: 'page-1' });
    await browser.withPage('withdrawals', async (page) => {
      await openOperator(page, server.url, server.adminToken);
      const row = page.getByTestId('withdrawal').filter({ hasText: 'withdrawer' });
      await row.waitFor();
      await row.getByRole('button', { name: 'Complete' }).click();
      await page.getByTestId('withdrawal-confirm-cancel').click();
      await row.getByRole('button', { name: 'Complete' }).click();
      await page.getByTestId('withdrawal-confirm').waitFor();
      const status = async () =>
        ((await client.walletHistory({ uniqueId: 'page-1' })).records[0] as { status: number }).status;
      assert.notEqual(await status(), 3);
      await page.getByTestId('withdrawal-confirm-ok').click();
      await row.waitFor({ state: 'detached' });
      await page.getByTestId('withdrawal-done').filter({ hasText: 'completed' }).waitFor();
      assert.equal(await status(), 3);
    });
  });

  it('a withdrawal rejected from the queue sends the reason typed, and says it was rejected', async () => {
    const { client } = await server.user('rejected-withdrawer', { deposits: { BTC: '1' } });
    await client.withdrawPay({ ticker: 'BTC', amount: '0.2', address: ADDRESSES.bitcoin, uniqueId: 'page-2' });
    await browser.withPage('withdrawal-reject', async (page) => {
      await openOperator(page, server.url, server.adminToken);
      const row = page.getByTestId('withdrawal').filter({ hasText: 'rejected-withdrawer' });
      await row.waitFor();
      await row.getByRole('button', { name: 'Reject' }).click();
      await page.getByTestId('withdrawal-reason').fill('address on a block list');
      const request = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/reject'));
      await page.getByTestId('withdrawal-confirm-ok').click();
      assert.deepEqual((await request).postDataJSON(), { reason: 'address on a block list' });
      await row.waitFor({ state: 'detached' });
      await page.getByTestId('withdrawal-done').filter({ hasText: 'rejected' }).waitFor();
      assert.deepEqual(await client.mainBalance('BTC'), { main_balance: '1' });
    });
  });
});
