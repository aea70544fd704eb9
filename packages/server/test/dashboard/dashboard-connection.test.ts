import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { launchBrowser, logInAsTrader, type TestBrowser } from '../support/browser.js';
import { SeverableLink } from '../support/severable-link.js';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';

/** Long enough for the stream's backoff after a cut of a few seconds, and for the next poll. */
const BACK_WITHIN_MS = 30_000;

/** What the trader view polls: balances, open orders, positions and the order history (every 10 s). */
const TRADER_POLLS = [
  '/api/v4/trade-account/balance',
  '/api/v4/orders',
  '/api/v4/collateral-account/positions/open',
  '/api/v4/trade-account/order/history',
];

/**
 * In the page: once `window.__stallBodies` is set, every API answer's head arrives and its body
 * stalls after a byte, until the request is given up (its signal aborts), as a server or a proxy
 * that hangs mid-answer.
 */
const STALL_BODIES_ON_DEMAND = `
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const answer = await realFetch(input, init);
    if (window.__stallBodies !== true || !new URL(answer.url).pathname.startsWith('/api/v4/')) return answer;
    const signal = init?.signal;
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{'));
        signal?.addEventListener('abort', () => controller.error(signal.reason));
      },
    });
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
`;

/** Resolves once a request of the page's to each of `paths` went unanswered. */
function unanswered(page: Page, paths: readonly string[]): Promise<unknown> {
  return Promise.all(
    paths.map((path) =>
      page.waitForEvent('requestfailed', {
        predicate: (request) => new URL(request.url()).pathname === path,
        timeout: 20_000,
      }),
    ),
  );
}

describe('the dashboard says when it cannot reach the server, and stops calling stale data live', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let link: SeverableLink;

  before(async () => {
    server = await TestServer.start();
    browser = await launchBrowser('dashboard-connection');
    // the page talks to the server through a relay the test cuts, as a network that goes away
    link = await SeverableLink.open(server.url);
  });
  // a test that failed with the link cut leaves it whole for the next
  afterEach(() => {
    link.mend();
    link.passWebSockets();
  });
  after(async () => {
    await browser?.close();
    await link?.close();
    await server?.stop();
  });

  it('the market view: a banner while the server is unreachable, the book not live, both back with the link', async () => {
    const maker = await trader(server, 'cut-maker', { USDT: '1000' });
    await browser.withPage('connection-market', async (page) => {
      await page.goto(`${link.httpUrl}/ui/?market=BTC_USDT`);
      await page.locator('[data-testid="book"][data-live="true"]').waitFor();
      const banner = page.getByTestId('connection-lost');
      assert.equal(await banner.count(), 0, 'no banner while connected');

      link.cut();
      await banner.waitFor();
      assert.equal(await banner.getAttribute('role'), 'alert');
      assert.match((await banner.textContent()) ?? '', /the server cannot be reached/i);
      await page.locator('[data-testid="book"][data-live="false"]').waitFor();

      link.mend();
      await banner.waitFor({ state: 'detached', timeout: BACK_WITHIN_MS });
      await page.locator('[data-testid="book"][data-live="true"]').waitFor();
      // live again for real: the book follows the server's changes as they happen
      await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '20123.4' });
      await page.locator('[data-testid="bids"] [data-testid="level"][data-price="20123.4"]').waitFor();
    });
  });

  it('a socket the server closes and that comes straight back is not called live updates missing', async () => {
    await browser.withPage('connection-socket-closed', async (page) => {
      await page.goto(`${link.httpUrl}/ui/?market=BTC_USDT`);
      await page.locator('[data-testid="book"][data-live="true"]').waitFor();
      assert.equal((await server.admin('POST', '/admin/v1/states', { name: 'here' })).status, 201);
      // a load closes every socket (4004); the page's stream is back within its first retry
      assert.equal((await server.admin('POST', '/admin/v1/states/here/load')).status, 200);
      await page.locator('[data-testid="book"][data-live="false"]').waitFor();
      const notice = page.getByTestId('live-updates-unavailable');
      for (const until = performance.now() + 2500; performance.now() < until; await sleep(50)) {
        assert.equal(await notice.count(), 0, 'no notice for a socket that comes back at once');
      }
      await page.locator('[data-testid="book"][data-live="true"]').waitFor();
      assert.equal(await page.getByTestId('connection-lost').count(), 0);
    });
  });

  it('the trader view: the banner, and the account streams not called live until they are back', async () => {
    const { apiKey, apiSecret } = await server.user('cut-trader', { deposits: { USDT: '10' } });
    await browser.withPage('connection-trader', async (page) => {
      await logInAsTrader(page, link.httpUrl, 'BTC_USDT', apiKey, apiSecret);
      const streams = page.getByTestId('account-stream');
      await page.locator('[data-testid="account-stream"][data-state="live"]').waitFor();

      link.cut();
      await page.getByTestId('connection-lost').waitFor();
      await page.locator('[data-testid="account-stream"][data-state="reconnecting"]').waitFor();
      assert.doesNotMatch((await streams.textContent()) ?? '', /^Live/);

      link.mend();
      await page.getByTestId('connection-lost').waitFor({ state: 'detached', timeout: BACK_WITHIN_MS });
      await page.locator('[data-testid="account-stream"][data-state="live"]').waitFor({ timeout: BACK_WITHIN_MS });
    });
  });

  it('the trader view: a key revoked while logged in ends the account streams, which do not say reconnecting', async () => {
    const { apiKey, apiSecret } = await server.user('revoked-trader', { deposits: { USDT: '10' } });
    await browser.withPage('connection-key-revoked', async (page) => {
      await logInAsTrader(page, link.httpUrl, 'BTC_USDT', apiKey, apiSecret);
      await page.locator('[data-testid="account-stream"][data-state="live"]').waitFor();
      assert.equal((await server.admin('DELETE', `/admin/v1/api-keys/${apiKey}`)).status, 200);
      await page.locator('[data-testid="account-stream"][data-state="polling"]').waitFor();
    });
  });

  it('the operator view, which has no stream: the banner as soon as a request goes unanswered', async () => {
    await browser.withPage('connection-operator', async (page) => {
      await page.goto(`${link.httpUrl}/ui/admin`);
      await page.getByTestId('admin-token').fill(server.adminToken);
      await page.getByTestId('admin-submit').click();
      await page.getByTestId('deposit-submit').waitFor();

      link.cut();
      await page.getByTestId('deposit-user').fill('nobody');
      await page.getByTestId('deposit-ticker').fill('BTC');
      await page.getByTestId('deposit-amount').fill('1');
      await page.getByTestId('deposit-submit').click();
      await page.getByTestId('connection-lost').waitFor();

      link.mend();
      await page.getByTestId('deposit-submit').click();
      await page.getByTestId('connection-lost').waitFor({ state: 'detached' });
    });
  });

  it('while the server cannot be reached the banner alone says so: no panel repeats it, and what the server answered stays', async () => {
    const { apiKey, apiSecret } = await server.user('quiet-trader', { deposits: { USDT: '10' } });
    await browser.withPage('connection-quiet', async (page) => {
      await logInAsTrader(page, link.httpUrl, 'BTC_USDT', apiKey, apiSecret);
      // an order the server refuses (its spot account holds nothing): the answer is the order form's
      await page.getByTestId('order-price').fill('20000');
      await page.getByTestId('order-amount').fill('1');
      await page.getByTestId('order-submit').click();
      const errors = page.getByTestId('api-error');
      await errors.waitFor();
      const refusal = await errors.allTextContents();
      assert.equal(refusal.length, 1);
      assert.match(refusal[0] ?? '', /HTTP 4\d\d/);

      link.cut();
      const polled = unanswered(page, TRADER_POLLS);
      await page.getByTestId('connection-lost').waitFor();
      await polled;
      assert.deepEqual(await errors.allTextContents(), refusal, 'no panel shows its unanswered poll');
      // one alert for the outage (the banner), one for the refusal: nothing announced per panel
      assert.equal(await page.getByRole('alert').count(), 2);

      // the market view, opened during the outage: its streamed panels and its polls stay quiet too
      const tickers = unanswered(page, ['/api/v4/public/ticker']);
      await page.getByTestId('nav-market').click();
      await page.getByTestId('trades').waitFor();
      await tickers;
      assert.equal(await errors.count(), 0);

      // an action made meanwhile still answers the click where it was made
      await page.getByTestId('nav-trade').click();
      await page.getByTestId('order-price').fill('20000');
      await page.getByTestId('order-amount').fill('0.0001');
      await page.getByTestId('order-submit').click();
      await errors.filter({ hasText: /no answer from the server/i }).waitFor();
      assert.equal(await errors.count(), 1);

      link.mend();
      await page.getByTestId('connection-lost').waitFor({ state: 'detached', timeout: BACK_WITHIN_MS });
    });
  });

  it('an order whose answer was lost: the form says it may have been placed, and it was', async () => {
    const { apiKey, apiSecret } = await server.user('lost-answer', { deposits: { USDT: '100' } });
    await server.client(apiKey, apiSecret).transfer({ ticker: 'USDT', amount: '100', from: 'main', to: 'spot' });
    await browser.withPage('connection-lost-answer', async (page) => {
      await logInAsTrader(page, server.url, 'BTC_USDT', apiKey, apiSecret);
      // the request reaches the server; its answer is lost on the way back
      await page.route('**/api/v4/order/new', async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      });
      await page.getByTestId('order-price').fill('20000');
      await page.getByTestId('order-amount').fill('0.001');
      await page.getByTestId('order-submit').click();
      const error = page.getByTestId('api-error').filter({ hasText: /no answer from the server/i });
      await error.waitFor();
      assert.match((await error.textContent()) ?? '', /may have been placed all the same: look in Open orders/);
      await page.getByTestId('open-order').waitFor();
    });
  });

  it('a network that drops requests without a word: the banner once they have waited their timeout', async () => {
    const { apiKey, apiSecret } = await server.user('silent-net', { deposits: { USDT: '10' } });
    await browser.withPage('connection-silent', async (page) => {
      await logInAsTrader(page, server.url, 'BTC_USDT', apiKey, apiSecret);
      // every request is held with no answer, as by a link that drops packets
      await page.route('**/api/v4/**', () => undefined);
      // the balances poll every 3 s and wait 15 s for an answer (without that wait, never)
      await page.getByTestId('connection-lost').waitFor({ timeout: 40_000 });
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.getByTestId('connection-lost').waitFor({ state: 'detached', timeout: BACK_WITHIN_MS });
    });
  });

  it('a browser without AbortSignal.any (Safari before 17.4, Firefox before 124) reads and signs as any other', async () => {
    const { apiKey, apiSecret } = await server.user('older-browser', { deposits: { USDT: '10' } });
    await browser.withPage('connection-no-abortsignal-any', async (page) => {
      await page.addInitScript(() => {
        delete (AbortSignal as { any?: unknown }).any;
      });
      await logInAsTrader(page, server.url, 'BTC_USDT', apiKey, apiSecret);
      await page
        .getByTestId('balance-USDT')
        .getByTestId('main')
        .filter({ hasText: /^10(\.0*)?$/ })
        .waitFor();
      assert.equal(await page.getByTestId('api-error').count(), 0);
      assert.equal(await page.getByTestId('connection-lost').count(), 0);
    });
  });

  it('answers whose body stalls after the head are no answer: the banner says so, no panel does', async () => {
    const { apiKey, apiSecret } = await server.user('stalled-body', { deposits: { USDT: '10' } });
    await browser.withPage('connection-stalled-body', async (page) => {
      await page.addInitScript(STALL_BODIES_ON_DEMAND);
      await logInAsTrader(page, server.url, 'BTC_USDT', apiKey, apiSecret);
      await page.evaluate('window.__stallBodies = true');
      // the balances poll every 3 s and wait 15 s for their whole answer
      await page.getByTestId('connection-lost').waitFor({ timeout: 40_000 });
      assert.equal(await page.getByTestId('api-error').count(), 0, 'no panel shows its unanswered poll');
      await page.evaluate('window.__stallBodies = false');
      await page.getByTestId('connection-lost').waitFor({ state: 'detached', timeout: BACK_WITHIN_MS });
    });
  });

  it('only the WebSocket refused, as by a proxy that does not pass it: live updates unavailable, the rest polled', async () => {
    const { apiKey, apiSecret } = await server.user('no-ws-trader', { deposits: { USDT: '10' } });
    const maker = await trader(server, 'no-ws-maker', { USDT: '1000' });
    await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '20234.5' });
    link.refuseWebSockets();
    await browser.withPage('connection-no-websocket', async (page) => {
      await logInAsTrader(page, link.httpUrl, 'BTC_USDT', apiKey, apiSecret);
      // a status, heard without interrupting: the page goes on working
      const banner = page.getByRole('status').getByTestId('live-updates-unavailable');
      await banner.waitFor();
      const said = (await banner.textContent()) ?? '';
      assert.match(said, /live updates unavailable/i);
      assert.match(said, /order book/i);
      assert.match(said, /every few seconds/i);
      assert.equal(await page.getByRole('alert').count(), 0);
      assert.equal(
        await page.getByTestId('connection-lost').count(),
        0,
        'the server answers: it is not called unreachable',
      );
      assert.equal(await page.getByTestId('book').getAttribute('data-live'), 'false');
      // the book holds an order: a page that never heard from the stream does not call it empty
      await page.getByText('Waiting for the book from the stream…').waitFor();
      assert.equal(await page.getByText('No orders in the book.').count(), 0);
      await page.locator('[data-testid="account-stream"][data-state="polling"]').waitFor();
      assert.equal(await page.getByTestId('api-error').count(), 0);

      // what the banner says of the other panels holds: a deposit reaches the balances at their next poll
      const deposit = await server.admin('POST', '/admin/v1/deposits', {
        user: 'no-ws-trader',
        ticker: 'USDT',
        amount: '5',
      });
      assert.equal(deposit.status, 201);
      await page
        .getByTestId('balance-USDT')
        .getByTestId('main')
        .filter({ hasText: /^15(\.0*)?$/ })
        .waitFor({ timeout: 8000 });
      assert.equal(await page.getByTestId('connection-lost').count(), 0);

      link.passWebSockets();
      await banner.waitFor({ state: 'detached', timeout: BACK_WITHIN_MS });
      await page.locator('[data-testid="book"][data-live="true"]').waitFor();
      await page.locator('[data-testid="bids"] [data-testid="level"][data-price="20234.5"]').waitFor();
      // the account streams, which never opened, open as soon as sockets get through
      await page.locator('[data-testid="account-stream"][data-state="live"]').waitFor({ timeout: 5000 });
    });
  });

  it('the account streams reconnect as soon as the server answers again, not at the end of their backoff', async () => {
    const { apiKey, apiSecret } = await server.user('back-trader', { deposits: { USDT: '100' } });
    const key = await server.admin('POST', '/admin/v1/users/back-trader/api-keys', {});
    assert.equal(key.status, 201);
    const { apiKey: botKey, apiSecret: botSecret } = key.body as { apiKey: string; apiSecret: string };
    const bot = server.client(botKey, botSecret);
    await bot.transfer({ ticker: 'USDT', amount: '100', from: 'main', to: 'spot' });
    const seller = await trader(server, 'back-seller', { BTC: '1' });
    await browser.withPage('connection-account-back', async (page) => {
      // a stream's retries wait 0.5 to 1 of each step of its backoff, drawn at random: a fixed draw
      // (0.75 of 1, 2, 4, 8, 16 s) puts them at 0.75, 2.25, 5.25, 11.25 and 23.25 s after the loss
      await page.addInitScript(() => {
        Math.random = () => 0.5;
      });
      await logInAsTrader(page, link.httpUrl, 'BTC_USDT', apiKey, apiSecret);
      await page.locator('[data-testid="account-stream"][data-state="live"]').waitFor();

      link.cut();
      await page.locator('[data-testid="account-stream"][data-state="reconnecting"]').waitFor();
      // past the fourth retry: the account streams' own next one is ten seconds after the mend
      await sleep(13_000);
      link.mend();
      // the balances are polled every 3 s: the server answers again within that, and the streams follow
      await page.locator('[data-testid="account-stream"][data-state="live"]').waitFor({ timeout: 6000 });
      await page.getByTestId('connection-lost').waitFor({ state: 'detached' });

      // subscribed again: a fill made by the bot is pushed, and the history read at once
      const order = await bot.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30321.5' });
      await seller.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '30321.5' });
      await page
        .getByTestId('order-history')
        .locator('tbody tr td:first-child', { hasText: new RegExp(`^${order.orderId}$`) })
        .waitFor({ timeout: 4000 });
    });
  });
});
