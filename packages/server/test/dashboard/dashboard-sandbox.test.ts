import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcError } from '@txc/sdk';
import type { Page } from 'playwright-core';
import { launchBrowser, logInAsTrader, type TestBrowser } from '../support/browser.js';
import { TestServer } from '../support/test-server.js';

/** Reads until `done` holds (the simulator re-quotes on its own timer); fails after 15 s. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never: ${what}`);
}

async function openOperator(page: Page, url: string, token: string): Promise<void> {
  await page.goto(`${url}/ui/admin`);
  await page.getByTestId('admin-token').fill(token);
  await page.getByTestId('admin-submit').click();
  await page.getByTestId('admin-state').waitFor();
}

/** Presses Tab until the element with this test id has the focus; fails if it is never reached. */
async function tabTo(page: Page, testId: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate('document.activeElement?.getAttribute("data-testid")');
    if (focused === testId) return;
  }
  assert.fail(`Tab never reached ${testId}`);
}

interface ListedRule {
  id: number;
  type: string;
  routes?: string[];
  status?: number;
  market?: string;
}

describe("the operator view's sandbox panels (a demo server with the simulator running)", () => {
  let server: TestServer;
  let browser: TestBrowser;

  before(async () => {
    // the taker stays still, so that only the makers' quotes (and the tests' orders) are in the books
    server = await TestServer.start({
      demo: true,
      simulate: true,
      simulation: {
        tradesPerMinute: 0,
        miningRewards: { intervalMs: 60_000, amount: '0.00005', hashRate: '110000000000000' },
      },
    });
    browser = await launchBrowser('dashboard-sandbox');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a market's depth changed in the simulator panel is the depth of its book", async () => {
    const { client } = await server.user('book-reader');
    await browser.withPage('simulator-depth', async (page) => {
      await openOperator(page, server.url, server.adminToken);
      const row = page.getByTestId('simulator-row-XRP_USDT');
      await row.waitFor();
      assert.equal(await row.getAttribute('data-depth'), '12');
      await page.getByTestId('simulator-depth-XRP_USDT').fill('3');
      // Enter in the row's field applies the row, as the button does
      await page.getByTestId('simulator-depth-XRP_USDT').press('Enter');
      await page.getByTestId('simulator-done-XRP_USDT').waitFor();
      await page.locator('[data-testid="simulator-row-XRP_USDT"][data-depth="3"]').waitFor();
      await until(
        () => client.orderbook('XRP_USDT', { limit: 100 }),
        (book) => book.asks.length === 3 && book.bids.length === 3,
        'XRP_USDT quoted 3 levels a side',
      );
      const listed = (await server.admin('GET', '/admin/v1/simulator')).body as { market: string; depth: number }[];
      assert.equal(listed.find((m) => m.market === 'XRP_USDT')?.depth, 3);
      assert.equal(listed.find((m) => m.market === 'ETH_USDT')?.depth, 12, 'the other markets are untouched');

      // a refused setting shows the API's answer and changes nothing
      await page.getByTestId('simulator-depth-XRP_USDT').fill('0');
      await page.getByTestId('simulator-apply-XRP_USDT').click();
      await page
        .getByTestId('api-error-message')
        .filter({ hasText: 'depth must be an integer from 1 to 50' })
        .waitFor();
      const again = (await server.admin('GET', '/admin/v1/simulator')).body as { market: string; depth: number }[];
      assert.equal(again.find((m) => m.market === 'XRP_USDT')?.depth, 3);
    });
  });

  it('a funding settlement says its rate as the perpetual panel does, its exact value in its title', async () => {
    await browser.withPage('funding-settled', async (page) => {
      await openOperator(page, server.url, server.adminToken);
      await page.locator('[data-testid="funding-market"] option[value="BTC_PERP"]').waitFor({ state: 'attached' });
      await page.getByTestId('funding-market').selectOption('BTC_PERP');
      await page.getByTestId('funding-submit').click();
      const rate = page.getByTestId('funding-rate');
      await rate.waitFor();
      const exact = (await rate.getAttribute('title')) ?? '';
      assert.match(exact, /^-?\d+(\.\d+)?$/);
      const shown = (await rate.textContent()) ?? '';
      const significant = shown.replace(/^-?0*\.?0*/, '').replace('.', '');
      assert.ok(significant.length <= 6, `${shown} for ${exact}`);
      assert.ok(Math.abs(Number(shown) - Number(exact)) <= Math.abs(Number(exact)) * 1e-5, `${shown} for ${exact}`);
    });
  });

  it("a stock's volatility applied on one market shows on its other, and an Apply there does not send it back stale", async () => {
    await browser.withPage('simulator-shared-volatility', async (page) => {
      await openOperator(page, server.url, server.adminToken);
      await page.getByTestId('simulator-volatility-BTC_USDT').fill('0.004');
      await page.getByTestId('simulator-apply-BTC_USDT').click();
      await page.getByTestId('simulator-done-BTC_USDT').waitFor();
      // BTC_PERP trades the same stock: the panel reads every row again
      await until(
        () => page.getByTestId('simulator-volatility-BTC_PERP').inputValue(),
        (value) => value === '0.004',
        "BTC_PERP's row shows the stock's new volatility",
      );
      await page.getByTestId('simulator-depth-BTC_PERP').fill('10');
      await page.getByTestId('simulator-apply-BTC_PERP').click();
      await page.getByTestId('simulator-done-BTC_PERP').waitFor();
      const listed = (await server.admin('GET', '/admin/v1/simulator')).body as {
        market: string;
        depth: number;
        volatility: string;
      }[];
      const perp = listed.find((m) => m.market === 'BTC_PERP');
      assert.deepEqual([perp?.depth, perp?.volatility], [10, '0.004']);
      assert.equal(listed.find((m) => m.market === 'BTC_USDT')?.volatility, '0.004');
    });
  });

  it('a state saved and loaded from the page takes the venue back, and the trader view follows it', async () => {
    const { client, apiKey, apiSecret } = await server.user('rewound', { deposits: { USDT: '100' } });
    await client.transfer({ ticker: 'USDT', amount: '100', from: 'main', to: 'spot' });
    // the page shows the best 12 levels a side: with 2 from the maker, the test's bid far below is in view
    await server.admin('POST', '/admin/v1/simulator', { market: 'BTC_USDT', depth: 2 });
    await until(
      () => client.orderbook('BTC_USDT', { limit: 100 }),
      (book) => book.bids.length === 2,
      'BTC_USDT quoted 2 levels a side',
    );
    await browser.withPage('saved-states', async (operator) => {
      await openOperator(operator, server.url, server.adminToken);
      await operator.getByTestId('state-save-name').fill('before-order');
      await operator.getByTestId('state-save-submit').click();
      const row = operator.getByTestId('state-row-before-order');
      await row.waitFor();
      const states = (await server.admin('GET', '/admin/v1/states')).body as {
        name: string;
        seq: number;
        hash: string;
      }[];
      const saved = states.find((s) => s.name === 'before-order');
      assert.ok(saved !== undefined);
      // a demo venue has its first state saved too, which reset loads
      await operator.getByTestId('state-row-initial').waitFor();
      assert.deepEqual(
        [await row.getAttribute('data-seq'), await row.getAttribute('data-hash')],
        [String(saved.seq), saved.hash],
      );

      // saving again under the name is refused unless replace is ticked
      await operator.getByTestId('state-save-submit').click();
      await operator.getByTestId('api-error').filter({ hasText: 'HTTP 409' }).waitFor();

      const trading = await browser.context.newPage();
      try {
        await logInAsTrader(trading, server.url, 'BTC_USDT', apiKey, apiSecret);
        await trading.locator('[data-testid="book"][data-live="true"]').waitFor();
        const order = await client.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '10000' });
        const level = trading.locator('[data-testid="bids"] [data-testid="level"][data-price="10000"]');
        await trading.getByTestId(`cancel-${order.orderId}`).waitFor();
        await level.waitFor();

        await operator.getByTestId('state-load-before-order').click();
        await operator.getByTestId('state-confirm-load').click();
        await operator.getByTestId('state-done').filter({ hasText: 'Loaded before-order' }).waitFor();

        assert.deepEqual(await client.activeOrders({ market: 'BTC_USDT' }), []);
        assert.equal((await client.tradeBalance('USDT')).available, '100');
        // the trader view shows the loaded venue: its streams came back after the 4004 close
        await trading.getByTestId(`cancel-${order.orderId}`).waitFor({ state: 'detached' });
        await level.waitFor({ state: 'detached' });
        await client.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '10001' });
        await trading.locator('[data-testid="bids"] [data-testid="level"][data-price="10001"]').waitFor();
      } finally {
        await trading.close();
      }
    });
  });

  it('an error rule added from the page is listed and in force until it is cleared there', async () => {
    await browser.withPage('faults', async (page) => {
      await openOperator(page, server.url, server.adminToken);
      await page.getByTestId('fault-type').selectOption('error');
      await page.getByTestId('fault-routes').selectOption('public');
      await page.getByTestId('fault-status').selectOption('503');
      await page.getByTestId('fault-share').fill('1');
      await page.getByTestId('fault-submit').click();
      const row = page.locator('[data-testid^="fault-row-"][data-type="error"]');
      await row.waitFor();
      const rules = (await server.admin('GET', '/admin/v1/faults')).body as ListedRule[];
      assert.equal(rules.length, 1);
      const rule = rules[0]!;
      assert.deepEqual([rule.type, rule.routes, rule.status], ['error', ['public'], 503]);
      assert.equal(await row.getAttribute('data-testid'), `fault-row-${rule.id}`);
      assert.equal((await fetch(`${server.url}/api/v4/public/markets`)).status, 503);

      await page.getByTestId(`fault-clear-${rule.id}`).click();
      await row.waitFor({ state: 'detached' });
      assert.deepEqual((await server.admin('GET', '/admin/v1/faults')).body, []);
      assert.equal((await fetch(`${server.url}/api/v4/public/markets`)).status, 200);

      // each type's own fields: a 429 on half of the mining group and a paused stream, listed as set, cleared at once
      await page.getByTestId('fault-routes').selectOption('mining');
      await page.getByTestId('fault-status').selectOption('429');
      await page.getByTestId('fault-share').fill('0.5');
      await page.getByTestId('fault-submit').click();
      await page
        .locator('[data-testid^="fault-row-"][data-type="error"]', {
          hasText: 'routes mining · status 429 · share 0.5',
        })
        .waitFor();
      await page.getByTestId('fault-type').selectOption('pauseStream');
      await page.getByTestId('fault-channel').fill('trades');
      await page.getByTestId('fault-seconds').fill('600');
      await page.getByTestId('fault-submit').click();
      await page
        .locator('[data-testid^="fault-row-"][data-type="pauseStream"]', { hasText: 'channel trades' })
        .waitFor();
      const listed = (await server.admin('GET', '/admin/v1/faults')).body as (ListedRule & { share?: string })[];
      assert.deepEqual(
        listed.map((r) => [r.type, r.share ?? null]),
        [
          ['error', '0.5'],
          ['pauseStream', null],
        ],
      );
      await page.getByTestId('faults-clear').click();
      await page.locator('[data-testid^="fault-row-"]').first().waitFor({ state: 'detached' });
      assert.deepEqual((await server.admin('GET', '/admin/v1/faults')).body, []);
    });
  });

  it('a market halted from the page refuses the trader view its orders, with the API’s error, until resumed', async () => {
    const { client, apiKey, apiSecret } = await server.user('halted', { deposits: { USDT: '100' } });
    await client.transfer({ ticker: 'USDT', amount: '100', from: 'main', to: 'spot' });
    await browser.withPage('halt', async (operator) => {
      await openOperator(operator, server.url, server.adminToken);
      await operator.getByTestId('halt-market').selectOption('ETH_USDT');
      await operator.getByTestId('halt-submit').click();
      const row = operator.locator('[data-testid^="fault-row-"][data-type="haltMarket"]');
      await row.waitFor();
      const [rule] = (await server.admin('GET', '/admin/v1/faults')).body as ListedRule[];
      assert.equal(rule?.market, 'ETH_USDT');

      const refusal = await client.orderNew({ market: 'ETH_USDT', side: 'buy', amount: '0.01', price: '1000' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(refusal instanceof TxcError, String(refusal));

      const trading = await browser.context.newPage();
      try {
        await logInAsTrader(trading, server.url, 'ETH_USDT', apiKey, apiSecret);
        await placeFromForm(trading);
        const shown = trading.getByTestId('api-error-message').filter({ hasText: refusal.apiMessage });
        await shown.waitFor();
        assert.deepEqual(await client.activeOrders({ market: 'ETH_USDT' }), []);

        // clearing the rule resumes the market: the same order from the page now rests
        await operator.getByTestId(`fault-clear-${rule.id}`).click();
        await row.waitFor({ state: 'detached' });
        await placeFromForm(trading);
        await trading.locator('[data-testid="open-order"]').waitFor();
        assert.equal((await client.activeOrders({ market: 'ETH_USDT' })).length, 1);
      } finally {
        await trading.close();
      }
    });
  });

  it('the panels work from the keyboard alone and fit a phone-size screen', async () => {
    await browser.withPage('sandbox-keyboard-phone', async (page) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await openOperator(page, server.url, server.adminToken);
      await page.getByTestId('simulator-row-BTC_USDT').waitFor();
      await page.getByTestId('state-row-initial').waitFor();
      // what sticks out to the right (outside a scrolling table), named in the failure
      const wide = await page.evaluate<string[]>(`[...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth && !e.parentElement?.closest('.scroll'))
        .map((e) => e.tagName + '[' + (e.getAttribute('data-testid') ?? e.className) + ']')`);
      const scrolls = await page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth');
      assert.deepEqual([scrolls, wide], [false, []], 'the operator view scrolls sideways');
      await tabTo(page, 'halt-submit');
      await page.keyboard.press('Enter');
      const row = page.locator('[data-testid^="fault-row-"][data-type="haltMarket"]');
      await row.waitFor();
      const [rule] = (await server.admin('GET', '/admin/v1/faults')).body as ListedRule[];
      assert.equal(rule?.market, await page.getByTestId('halt-market').inputValue());
      await tabTo(page, `fault-clear-${rule.id}`);
      await page.keyboard.press('Enter');
      await row.waitFor({ state: 'detached' });
      assert.deepEqual((await server.admin('GET', '/admin/v1/faults')).body, []);
    });
  });

  it('a saved state deleted from the page is gone, and a reset takes the demo venue back to its first state', async () => {
    assert.equal((await server.admin('GET', '/admin/v1/users/halted')).status, 200);
    await browser.withPage('delete-reset', async (page) => {
      await openOperator(page, server.url, server.adminToken);
      await page.getByTestId('state-delete-before-order').click();
      await page.getByTestId('state-confirm-delete').click();
      await page.getByTestId('state-row-before-order').waitFor({ state: 'detached' });
      const names = ((await server.admin('GET', '/admin/v1/states')).body as { name: string }[]).map((s) => s.name);
      assert.deepEqual(names, ['initial']);

      await page.getByTestId('state-reset').click();
      // nothing happens before the confirmation
      await page.getByTestId('state-confirm-cancel').click();
      await page.getByTestId('state-confirm').waitFor({ state: 'detached' });
      assert.equal((await server.admin('GET', '/admin/v1/users/halted')).status, 200);
      await page.getByTestId('state-reset').click();
      await page.getByTestId('state-confirm-load').click();
      await page.getByTestId('state-done').filter({ hasText: 'Reset to initial' }).waitFor();
      // users made since the demo was seeded are gone with everything else
      assert.equal((await server.admin('GET', '/admin/v1/users/halted')).status, 404);
    });
  });

  it('on a server that is no sandbox, the simulator panel says so and a fault is refused with the API’s 409', async () => {
    const plain = await TestServer.start();
    try {
      await browser.withPage('sandbox-off', async (page) => {
        await openOperator(page, plain.url, plain.adminToken);
        await page.getByTestId('simulator-off').filter({ hasText: 'HTTP 409' }).waitFor();
        assert.equal(await page.getByTestId('simulator-apply-BTC_USDT').count(), 0);
        await page.getByTestId('halt-submit').click();
        await page
          .getByTestId('api-error')
          .filter({ hasText: 'HTTP 409' })
          .filter({ hasText: 'Faults are for sandboxes' })
          .waitFor();
        assert.deepEqual((await plain.admin('GET', '/admin/v1/faults')).body, []);
      });
    } finally {
      await plain.stop();
    }
  });
});

async function placeFromForm(page: Page): Promise<void> {
  await page.getByTestId('order-side-buy').click();
  await page.getByTestId('order-price').fill('1000');
  await page.getByTestId('order-amount').fill('0.01');
  await page.getByTestId('order-submit').click();
}
