import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../support/browser.js';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';

/** Records every text the page draws on a canvas (the charts' axis labels are drawn, not in the DOM). */
const RECORD_DRAWN_TEXT = `
  window.__drawn = new Set();
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
    window.__drawn.add(String(text));
    return fillText.call(this, text, ...rest);
  };
`;

function drawn(page: Page): Promise<string[]> {
  return page.evaluate<string[]>('[...window.__drawn]');
}

/** Waits until some text drawn on a canvas matches `pattern`; fails with what was drawn. */
async function drawnMatching(page: Page, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const found = (await drawn(page)).find((text) => pattern.test(text));
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`nothing drawn matches ${pattern}: ${(await drawn(page)).join(' | ')}`);
}

/** A time (Unix seconds) as a 24-hour clock reads it in a time zone: `09:55`. */
function clock(seconds: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    seconds * 1000,
  );
}

describe("the market view's charts read as the market's prices and the page's clock", () => {
  let server: TestServer;
  let browser: TestBrowser;

  before(async () => {
    server = await TestServer.start();
    browser = await launchBrowser('dashboard-market');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the candle chart's price axis has the market's decimals", async () => {
    const seller = await trader(server, 'eth-seller', { ETH: '1' });
    const buyer = await trader(server, 'eth-buyer', { BTC: '1' });
    await seller.orderNew({ market: 'ETH_BTC', side: 'sell', amount: '0.01', price: '0.051234' });
    await buyer.orderNew({ market: 'ETH_BTC', side: 'buy', amount: '0.01', price: '0.051234' });
    await browser.withPage('candle-precision', async (page) => {
      await page.addInitScript(RECORD_DRAWN_TEXT);
      await page.goto(`${server.url}/ui/?market=ETH_BTC`);
      await page.locator('[data-testid="candles"][data-close="0.051234"]').waitFor();
      // ETH_BTC prices have 6 decimals: its axis labels are 0.05xxxx, not all 0.05
      await drawnMatching(page, /^0\.05\d{4}$/);
      assert.ok(!(await drawn(page)).includes('0.05'), (await drawn(page)).join(' | '));
    });
  });

  it("the candle chart's times are the page's local time, as the trades' are", async () => {
    const seller = await trader(server, 'clock-seller', { BTC: '1' });
    const buyer = await trader(server, 'clock-buyer', { USDT: '1000' });
    await seller.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.002', price: '45678.9' });
    await buyer.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.002', price: '45678.9' });
    const [time] = (await buyer.kline('BTC_USDT', { interval: '1m' })).result.at(-1) ?? [];
    assert.ok(time !== undefined, 'the trade made a candle');
    // a zone whose minutes differ from UTC's: a time read as UTC cannot pass for a local one
    const zone = 'Asia/Kathmandu';
    const local = clock(time, zone);
    const utc = clock(time, 'UTC');
    assert.notEqual(local, utc);
    const elsewhere = await launchBrowser('dashboard-market-clock', { timezoneId: zone });
    try {
      await elsewhere.withPage('candle-local-time', async (page) => {
        await page.addInitScript(RECORD_DRAWN_TEXT);
        await page.goto(`${server.url}/ui/?market=BTC_USDT`);
        const candles = page.locator('[data-testid="candles"][data-close="45678.9"]');
        await candles.waitFor();
        // the crosshair's time label is drawn only under the pointer: it crosses the newest candles
        const box = await candles.boundingBox();
        assert.ok(box !== null);
        for (let x = box.x + box.width - 240; x < box.x + box.width; x += 8) {
          await page.mouse.move(x, box.y + box.height / 2);
        }
        await drawnMatching(page, new RegExp(`(^|\\s)${local}$`));
        const times = (await drawn(page)).filter((text) => /\d\d:\d\d$/.test(text));
        assert.ok(!times.some((text) => text.endsWith(utc)), `UTC time ${utc} drawn: ${times.join(' | ')}`);
        // the same minute as the recent trades list writes it
        const trade = page.locator('[data-testid="trades"] [data-testid="trade"]', { hasText: '45678.9' });
        assert.equal((await trade.locator('td').first().textContent())?.slice(0, 5), local);
      });
    } finally {
      await elsewhere.close();
    }
  });

  it('the depth chart spans the prices around the mid, not an order far from them, which the book still lists', async () => {
    const maker = await trader(server, 'depth-maker', { USDT: '1000', ETH: '1' });
    const levels = [
      ['buy', '2990'],
      ['buy', '2980'],
      ['sell', '3010'],
      ['sell', '3020'],
    ] as const;
    for (const [side, price] of levels) await maker.orderNew({ market: 'ETH_USDT', side, amount: '0.01', price });
    // a bid at a tenth of the price, far from every other order
    await maker.orderNew({ market: 'ETH_USDT', side: 'buy', amount: '0.02', price: '300' });
    await browser.withPage('depth-window', async (page) => {
      await page.goto(`${server.url}/ui/?market=ETH_USDT`);
      await page.locator('[data-testid="bids"] [data-testid="level"][data-price="300"]').waitFor();
      const chart = page.getByTestId('depth-chart');
      const width = (await chart.boundingBox())?.width ?? 0;
      assert.ok(width > 0);
      // each side spreads over a good part of the chart, not squashed into a sliver at one end
      for (const side of ['bids', 'asks']) {
        const drawn = (await chart.locator(`.depth-${side}`).boundingBox())?.width ?? 0;
        assert.ok(drawn / width > 0.15, `${side}: ${drawn} of ${width} px`);
      }
      assert.equal(await page.getByTestId('depth-left').textContent(), 'Not drawn: 1 level far from the mid price.');
    });
  });

  it('an answer that is no JSON (a maintenance page) shows as its status, not as its markup', async () => {
    await browser.withPage('html-503', async (page) => {
      await page.route(`${server.url}/api/v4/public/markets`, (route) =>
        route.fulfill({
          status: 503,
          contentType: 'text/html',
          body: '<html><body><h1>Down for maintenance</h1></body></html>',
        }),
      );
      await page.goto(`${server.url}/ui/`);
      const error = page.getByTestId('api-error');
      await error.waitFor();
      assert.equal(await error.textContent(), 'HTTP 503: service unavailable');
    });
  });

  it('markets refused once at load (a 503) are read again within seconds, not at the next minute', async () => {
    await browser.withPage('markets-503-once', async (page) => {
      let refused = 0;
      await page.route(`${server.url}/api/v4/public/markets`, async (route) => {
        if (refused++ === 0) {
          await route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"success":false,"message":"Service temporarily unavailable, try again later.","params":[]}',
          });
        } else await route.continue();
      });
      await page.goto(`${server.url}/ui/?market=BTC_USDT`);
      await page.getByTestId('api-error').waitFor();
      // the first retry comes a second later; the poll's own minute would fail this wait
      await page.locator('[data-testid="book"][data-live="true"]').waitFor({ timeout: 10_000 });
      assert.equal(await page.getByTestId('api-error').count(), 0, 'the error went with the answer');
    });
  });

  it('a page load asks the server for nothing it does not have (no favicon 404)', async () => {
    // a browser asks for a site's icon once per profile: a fresh one, that no other page has asked in
    const fresh = await launchBrowser('dashboard-favicon');
    try {
      await fresh.withPage('favicon', async (page) => {
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
        });
        await page.goto(`${server.url}/ui/?market=BTC_USDT`);
        await page.locator('[data-testid="book"][data-live="true"]').waitFor();
        // the browser asks for an icon after the page loaded, on its own schedule
        await page.waitForTimeout(1500);
        assert.deepEqual(errors, []);
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('the market view after the venue is loaded from a saved state', () => {
  let server: TestServer;
  let browser: TestBrowser;

  before(async () => {
    server = await TestServer.start();
    browser = await launchBrowser('dashboard-market-load');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('recent trades are the loaded venue’s: the trades it took back go, and new ones show', async () => {
    const seller = await trader(server, 'load-seller', { BTC: '1' });
    const buyer = await trader(server, 'load-buyer', { USDT: '1000' });
    assert.equal((await server.admin('POST', '/admin/v1/states', { name: 'no-trades' })).status, 201);
    const trade = async (price: string): Promise<void> => {
      await seller.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price });
      await buyer.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price });
    };
    await trade('34567.8');
    await browser.withPage('trades-after-load', async (page) => {
      await page.goto(`${server.url}/ui/?market=BTC_USDT`);
      const row = (price: string) => page.locator('[data-testid="trades"] [data-testid="trade"]', { hasText: price });
      await row('34567.8').waitFor();
      // the load closes every socket; the page subscribes again and is sent the venue's trades as loaded
      assert.equal((await server.admin('POST', '/admin/v1/states/no-trades/load')).status, 200);
      await row('34567.8').waitFor({ state: 'detached' });
      // the loaded venue numbers its trades from where it was: a new one shows above nothing stale
      await trade('34111.1');
      await row('34111.1').waitFor();
      assert.equal(await page.locator('[data-testid="trades"] [data-testid="trade"]').count(), 1);
    });
  });
});
