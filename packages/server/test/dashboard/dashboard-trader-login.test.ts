import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../support/browser.js';
import { TestServer } from '../support/test-server.js';

async function typeKey(page: Page, url: string, apiKey: string, apiSecret: string): Promise<void> {
  await page.goto(`${url}/ui/trade?market=BTC_USDT`);
  await page.getByTestId('login-key').fill(apiKey);
  await page.getByTestId('login-secret').fill(apiSecret);
  await page.getByTestId('login-submit').click();
}

describe('the trader view opens only on a key the API takes', () => {
  let server: TestServer;
  let browser: TestBrowser;

  before(async () => {
    server = await TestServer.start();
    browser = await launchBrowser('dashboard-trader-login');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a wrong secret or an unknown key is refused at login with the API's message", async () => {
    const { apiKey } = await server.user('wrong-secret');
    await browser.withPage('login-refused', async (page) => {
      for (const [key, secret] of [
        [apiKey, 'not-the-secret'],
        ['no-such-key', 'no-such-secret'],
      ] as const) {
        await typeKey(page, server.url, key, secret);
        await page.getByTestId('api-error').filter({ hasText: 'Unauthorized request.' }).waitFor();
        await page.getByTestId('api-error-code').filter({ hasText: /^10$/ }).waitFor();
        assert.equal(await page.getByTestId('balances').count(), 0);
        assert.equal(await page.getByTestId('login-submit').isEnabled(), true);
      }
    });
  });

  it('a key revoked while its page is open returns the page to the login form, saying why', async () => {
    const { apiKey, apiSecret } = await server.user('revoked-later');
    await browser.withPage('revoked-while-open', async (page) => {
      await typeKey(page, server.url, apiKey, apiSecret);
      await page.getByTestId('balances').waitFor();
      const revoked = await server.admin('DELETE', `/admin/v1/api-keys/${apiKey}`);
      assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
      const ended = page.getByTestId('login-ended');
      await ended.waitFor();
      assert.match((await ended.textContent()) ?? '', /no longer takes the key.*Unauthorized request\./);
      assert.equal(await page.getByTestId('balances').count(), 0);
      await page.getByTestId('login-key').waitFor();
      assert.equal(await page.evaluate('sessionStorage.getItem("txc.trader")'), null);
    });
  });
});
