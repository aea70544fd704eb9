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

/** Submits with `submit` and returns the JSON body of the admin request it sent to `path`. */
async function sent(page: Page, path: string, submit: () => Promise<void>): Promise<Record<string, unknown>> {
  const request = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === path);
  await submit();
  return (await request).postDataJSON() as Record<string, unknown>;
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

      // a deposit credited from the page shows in the balances shown
      await page.getByTestId('deposit-user').fill('already-there');
      await page.getByTestId('deposit-ticker').fill('USDT');
      await page.getByTestId('deposit-amount').fill('7');
      await page.getByTestId('deposit-submit').click();
      await page
        .getByTestId('admin-user-balances')
        .locator('tr', { hasText: 'USDT' })
        .locator('td')
        .first()
        .filter({ hasText: /^7$/ })
        .waitFor();

      // a new key says whose it is, whatever the name field says next
      await page.getByTestId('key-create').click();
      await page.getByTestId('new-key').waitFor();
      await page.getByTestId('user-name').fill('nobody-here');
      assert.equal(await page.getByTestId('new-key-user').textContent(), 'already-there');
    });
  });

  it('with no user name, showing balances or making a key sends nothing and says a name is needed', async () => {
    await browser.withPage('users-no-name', async (page) => {
      await openOperator(page, server.url, server.adminToken);
      const sentToUsers: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/admin/v1/users')) sentToUsers.push(request.url());
      });
      const needed = page.getByTestId('user-name-needed');
      for (const button of ['user-show', 'key-create']) {
        await page.getByTestId('user-name').fill('  ');
        await page.getByTestId(button).click();
        await needed.waitFor();
        assert.equal(await page.getByTestId('api-error').count(), 0, button);
      }
      // a name typed: the request goes, and the word about the name with it
      await page.getByTestId('user-name').fill('nobody-at-all');
      await page.getByTestId('user-show').click();
      await page.getByTestId('api-error').waitFor();
      assert.equal(await needed.count(), 0);
      assert.deepEqual(
        sentToUsers.map((url) => new URL(url).pathname),
        ['/admin/v1/users/nobody-at-all'],
      );
    });
  });

  it('market choices made before the markets list arrived send the market they show', async () => {
    await browser.withPage('late-markets', async (page) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`${server.url}/api/v4/public/markets`, async (route) => {
        await held;
        await route.continue();
      });
      await openOperator(page, server.url, server.adminToken);
      await page.getByTestId('funding-submit').waitFor();
      release();
      await page.locator('[data-testid="funding-market"] option[value="BTC_PERP"]').waitFor({ state: 'attached' });

      // the request carries the market the control shows, which is one of the list's
      const funding = await sent(page, '/admin/v1/funding/settle', () => page.getByTestId('funding-submit').click());
      assert.equal(funding.market, await page.getByTestId('funding-market').inputValue());
      assert.match(String(funding.market), /_PERP$/);

      const halt = await sent(page, '/admin/v1/faults', () => page.getByTestId('halt-submit').click());
      assert.equal(halt.market, await page.getByTestId('halt-market').inputValue());
      assert.notEqual(halt.market, '');

      await page.getByTestId('fault-type').selectOption('haltMarket');
      const fault = await sent(page, '/admin/v1/faults', () => page.getByTestId('fault-submit').click());
      assert.equal(fault.market, await page.getByTestId('fault-market').inputValue());
      assert.notEqual(fault.market, '');
    });
  });

  it('the audit log loads the entries logged after it was first loaded', async () => {
    await browser.withPage('audit-newer', async (page) => {
      await openOperator(page, server.url, server.adminToken);
      const load = page.getByTestId('audit-load');
      // a page at a time until the end of the log
      while ((await load.textContent()) !== 'Load newer') {
        await load.click();
        await page.locator('[data-testid="audit-load"]:enabled').waitFor();
      }
      const before = await page.getByTestId('audit').locator('tbody tr').count();
      assert.ok(before > 0);
      // times in the page's own zone, as everywhere on the page; the exact instant in the title
      const when = page.getByTestId('audit').locator('tbody tr td').first();
      const instant = (await when.getAttribute('title')) ?? '';
      assert.match(instant, /Z$/);
      assert.equal(
        await when.textContent(),
        await page.evaluate(`new Date(${JSON.stringify(instant)}).toLocaleString()`),
      );
      assert.equal(await page.getByTestId('audit').getByText('audited-later').count(), 0);

      // the log keeps the path: a key for a new user names the user there
      await server.user('audited-later');
      await load.click();
      await page.getByTestId('audit').getByText('audited-later').first().waitFor();
      // the entries already shown are not shown twice
      const ids = await page.getByTestId('audit').locator('tbody tr').count();
      const answer = (await server.admin('GET', '/admin/v1/audit?limit=1000')).body as { entries: unknown[] };
      assert.ok(ids <= answer.entries.length, `${ids} rows for ${answer.entries.length} entries`);
    });
  });

  it('revoking a key and deleting a saved state wait for a confirmation', async () => {
    const { client, apiKey } = await server.user('key-to-revoke');
    const saved = await server.admin('POST', '/admin/v1/states', { name: 'kept-a-while' });
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
    await browser.withPage('confirmations', async (page) => {
      await openOperator(page, server.url, server.adminToken);
      await page.getByTestId('key-revoke-key').fill(apiKey);
      await page.getByTestId('key-revoke').click();
      await page.getByTestId('key-revoke-confirm-cancel').click();
      await page.getByTestId('key-revoke-confirm').waitFor({ state: 'detached' });
      await page.getByTestId('key-revoke').click();
      // nothing is sent before the confirmation
      await page.getByTestId('key-revoke-confirm').waitFor();
      await client.mainBalances();
      await page.getByTestId('key-revoke-confirm-ok').click();
      await page.getByTestId('key-revoked').waitFor();
      await assert.rejects(client.mainBalances(), /Unauthorized request/);

      await page.getByTestId('state-delete-kept-a-while').click();
      await page.getByTestId('state-confirm').filter({ hasText: 'kept-a-while' }).waitFor();
      const names = async () =>
        ((await server.admin('GET', '/admin/v1/states')).body as { name: string }[]).map((s) => s.name);
      assert.ok((await names()).includes('kept-a-while'));
      await page.getByTestId('state-confirm-delete').click();
      await page.getByTestId('state-done').filter({ hasText: 'Deleted kept-a-while' }).waitFor();
      assert.ok(!(await names()).includes('kept-a-while'));
    });
  });
});
