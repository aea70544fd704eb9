import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, type TestBrowser } from '../support/browser.js';
import { TestServer } from '../support/test-server.js';

describe('the /docs page signs "Try it out" requests', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let credentials: { apiKey: string; apiSecret: string };

  before(async () => {
    server = await TestServer.start();
    credentials = await server.user('browser', { deposits: { USDT: '12.5' } });
    browser = await launchBrowser('docs');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a private call made from the page with a key and secret answers 200', () =>
    browser.withPage('try-it-out-signed', async (page) => {
      await page.goto(`${server.url}/docs/`);
      await page.fill('#txc-api-key', credentials.apiKey);
      await page.fill('#txc-api-secret', credentials.apiSecret);
      await page.click('#txc-sign');
      await page.waitForSelector('#txc-sign-status:has-text("are signed with")');

      const operation = page.locator('.opblock', { has: page.locator('[data-path="/api/v4/main-account/balance"]') });
      await operation.locator('.opblock-summary').click();
      await operation.locator('.try-out__btn').click();
      await operation.locator('textarea.body-param__text').fill('{"ticker": "USDT"}');
      const answered = page.waitForResponse(
        (r) => r.url().endsWith('/api/v4/main-account/balance') && r.request().method() === 'POST',
      );
      await operation.locator('.execute').click();
      const response = await answered;
      assert.equal(response.status(), 200, await response.text());
      assert.deepEqual(await response.json(), { USDT: { main_balance: '12.5' } });
      const sent = response.request().headers();
      assert.equal(sent['x-txc-apikey'], credentials.apiKey);
      assert.match(sent['x-txc-signature'] ?? '', /^[0-9a-f]{128}$/);
      const body = JSON.parse(Buffer.from(sent['x-txc-payload'] ?? '', 'base64').toString('utf8')) as Record<
        string,
        unknown
      >;
      assert.equal(body.request, '/api/v4/main-account/balance');
      assert.equal(body.ticker, 'USDT');
      assert.equal(typeof body.nonce, 'number');
      // the secret never left the page
      assert.equal(JSON.stringify(sent).includes(credentials.apiSecret), false);
    }));

  it('without a key the same call goes unsigned and is refused', () =>
    browser.withPage('try-it-out-unsigned', async (page) => {
      await page.goto(`${server.url}/docs/`);
      const operation = page.locator('.opblock', { has: page.locator('[data-path="/api/v4/main-account/balance"]') });
      await operation.locator('.opblock-summary').click();
      await operation.locator('.try-out__btn').click();
      await operation.locator('textarea.body-param__text').fill('{"ticker": "USDT"}');
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/v4/main-account/balance'));
      await operation.locator('.execute').click();
      assert.equal((await answered).status(), 401);
    }));
});
