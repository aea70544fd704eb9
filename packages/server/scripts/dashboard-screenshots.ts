// `npm run screenshots`: the pictures of the dashboard in docs/ (README, "The dashboard"). A demo venue
// is started on a clock of its own, an hour of trading is played into it (a minute at a time, so that
// the candles have a history), and each view is photographed in headless Chromium.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { timestampNonces, TxcClient } from '@txc/sdk';
import type { Page } from 'playwright-core';
import { loadConfig } from '../src/config/load.js';
import { CREDENTIALS_FILE } from '../src/demo/credentials.js';
import { DEMO_VENUE_FILE, serve } from '../src/process/serve.js';
import { launchBrowser } from '../test/support/browser.js';
import { ManualClock } from '../test/support/manual-clock.js';

const DOCS = fileURLToPath(new URL('../../../docs/', import.meta.url));
const MARKET = 'BTC_USDT';
const MINUTES = 60;

interface Credentials {
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly adminToken: string;
}

async function admin(url: string, token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A user with money in its spot account, for the played trades. */
async function fundedTrader(url: string, token: string, name: string): Promise<TxcClient> {
  await admin(url, token, 'POST', '/admin/v1/users', { name });
  for (const [ticker, amount] of [
    ['USDT', '5000000'],
    ['BTC', '100'],
  ] as const) {
    await admin(url, token, 'POST', '/admin/v1/deposits', { user: name, ticker, amount });
  }
  const key = (await admin(url, token, 'POST', `/admin/v1/users/${name}/api-keys`, {})) as Credentials;
  // the venue's clock is an hour behind while the hour is played: nonces are read from it
  const client = new TxcClient({
    baseUrl: url,
    apiKey: key.apiKey,
    apiSecret: key.apiSecret,
    nonces: timestampNonces(() => clock.nowMs()),
  });
  await client.transfer({ ticker: 'USDT', amount: '5000000', from: 'main', to: 'spot' });
  await client.transfer({ ticker: 'BTC', amount: '100', from: 'main', to: 'spot' });
  return client;
}

/**
 * An hour of trades inside the demo book's spread: each minute a few trades on a seeded walk, then
 * the clock moves on (the maker's side drawn too, so that both sides take). Prices stay whole dollars so that every step is exact.
 */
async function playAnHour(clock: ManualClock, maker: TxcClient, taker: TxcClient, mid: bigint): Promise<void> {
  let price = mid;
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647);
  for (let minute = 0; minute < MINUTES; minute++) {
    for (let i = 0; i < 3; i++) {
      // a walk pulled back to the middle, so that it stays inside the demo book's spread
      price += BigInt((next() % 13) - 6) + (mid - price) / 6n;
      const amount = `0.0${(next() % 9) + 1}`;
      const makerSide = next() % 2 === 0 ? 'sell' : 'buy';
      await maker.orderNew({ market: MARKET, side: makerSide, amount, price: String(price) });
      await taker.orderNew({
        market: MARKET,
        side: makerSide === 'sell' ? 'buy' : 'sell',
        amount,
        price: String(price),
      });
    }
    clock.advance(60_000);
  }
}

async function shoot(page: Page, file: string): Promise<void> {
  await page.screenshot({ path: join(DOCS, file) });
  console.log(`wrote docs/${file}`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'txc-screenshots-'));
const clock = new ManualClock(Date.now() - MINUTES * 60_000);
const server = await serve(
  loadConfig({ env: {}, flags: { port: 0, dataDir, logLevel: 'silent', venue: DEMO_VENUE_FILE, demo: true } }),
  { clock },
);
const browser = await launchBrowser('screenshots');
try {
  const demo = JSON.parse(readFileSync(join(dataDir, CREDENTIALS_FILE), 'utf8')) as Credentials;
  const token = server.adminToken;
  const book = await new TxcClient({ baseUrl: server.url }).orderbook(MARKET, { limit: 1 });
  const bestAsk = BigInt((book.asks[0]?.[0] ?? '60010').split('.')[0] ?? '60010');
  const bestBid = BigInt((book.bids[0]?.[0] ?? '59990').split('.')[0] ?? '59990');
  await playAnHour(
    clock,
    await fundedTrader(server.url, token, 'walker-maker'),
    await fundedTrader(server.url, token, 'walker-taker'),
    (bestAsk + bestBid) / 2n,
  );
  const demoClient = new TxcClient({
    baseUrl: server.url,
    apiKey: demo.apiKey,
    apiSecret: demo.apiSecret,
    nonces: timestampNonces(() => clock.nowMs()),
  });
  await demoClient.orderNew({ market: MARKET, side: 'buy', amount: '0.01', price: String(bestBid - 500n) });

  await browser.withPage('market', async (page) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${server.url}/ui/?market=${MARKET}`);
    await page.locator('[data-testid="book"][data-live="true"]').waitFor();
    await page.locator('[data-testid="trade"]').first().waitFor();
    await page.locator('[data-testid="candles"]:not([data-count="0"])').waitFor();
    await shoot(page, 'dashboard-market.png');
    await page.getByTestId('theme-toggle').click();
    await page.waitForTimeout(300);
    await shoot(page, 'dashboard-market-dark.png');
    await page.getByTestId('theme-toggle').click();
  });
  await browser.withPage('trader', async (page) => {
    await page.goto(`${server.url}/ui/trade?market=${MARKET}`);
    await page.getByTestId('login-key').fill(demo.apiKey);
    await page.getByTestId('login-secret').fill(demo.apiSecret);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('open-order').first().waitFor();
    await page.locator('[data-testid^="balance-"]').first().waitFor();
    await shoot(page, 'dashboard-trader.png');
  });
  await browser.withPage('operator', async (page) => {
    await page.goto(`${server.url}/ui/admin`);
    await page.getByTestId('admin-token').fill(token);
    await page.getByTestId('admin-submit').click();
    await page.getByTestId('user-name').fill('walker-maker');
    await page.getByTestId('user-show').click();
    await page.getByTestId('admin-user-balances').waitFor();
    await page.getByTestId('audit-load').click();
    await page.locator('[data-testid="audit"] tbody tr').first().waitFor();
    await shoot(page, 'dashboard-operator.png');
    // the sandbox panels, with a state saved, a market halted and a latency rule in force
    await page.getByTestId('state-save-name').fill('before-tests');
    await page.getByTestId('state-save-submit').click();
    await page.getByTestId('state-row-before-tests').waitFor();
    await page.getByTestId('halt-market').selectOption('ETH_USDT');
    await page.getByTestId('halt-submit').click();
    await page.getByTestId('fault-type').selectOption('latency');
    await page.getByTestId('fault-routes').selectOption('order');
    await page.getByTestId('fault-seconds').fill('600');
    await page.getByTestId('fault-submit').click();
    await page.locator('[data-testid^="fault-row-"][data-type="latency"]').waitFor();
    await page.getByTestId('saved-states').scrollIntoViewIfNeeded();
    await shoot(page, 'dashboard-operator-sandbox.png');
    await page.getByTestId('faults-clear').click();
    await page.locator('[data-testid^="fault-row-"]').first().waitFor({ state: 'detached' });
  });
  await browser.withPage('phone', async (page) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/ui/?market=${MARKET}`);
    await page.locator('[data-testid="book"][data-live="true"]').waitFor();
    await shoot(page, 'dashboard-phone.png');
  });
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
