import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../support/browser.js';
import { TestServer } from '../support/test-server.js';

async function openOperator(page: Page, url: string, token: string): Promise<void> {
  await page.goto(`${url}/ui/admin`);
  await page.getByTestId('admin-token').fill(token);
  await page.getByTestId('admin-submit').click();
  await page.getByTestId('admin-state').waitFor();
}

describe("the operator view's panels show what each action did", () => {
  let server: TestServer;
  let browser: TestBrowser;

  before(async () => {
    server = await TestServer.start({ allowFaults: true });
    browser = await launchBrowser('dashboard-operator');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the users panel shows the last action's error, and no error once an action succeeds", async () => {
    await server.user('already-there');
    const unknown = await server.admin('GET', '/admin/v1/users/nobody-here');
    const taken = await server.admin('POST', '/admin/v1/users', { name: 'already-there', eea: false });
    assert.deepEqual([unknown.status, taken.status], [404, 409]);
    const message = (answer: { body: unknown }) => (answer.body as { error: string }).error;
    await browser.withPage('users-errors', async (page) => {
      await openOperator(page, server.url, server.adminToken);
      const error = page.getByTestId('api-error');
      await page.getByTestId('user-name').fill('already-there');
      await page.getByTestId('user-create').click();
      await error.filter({ hasText: message(taken) }).waitFor();

      await page.getByTestId('user-name').fill('nobody-here');
      await page.getByTestId('user-show').click();
      await error.filter({ hasText: message(unknown) }).waitFor();
      assert.equal(await error.count(), 1);

      await page.getByTestId('user-name').fill('already-there');
      await page.getByTestId('user-show').click();
      await page.getByTestId('admin-user-balances').waitFor();
      assert.equal(await error.count(), 0);
    });
  });
});
