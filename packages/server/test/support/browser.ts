import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (.ci/run installs it); playwright-core never downloads a browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** Headless, and off the network but for the page under test: no updates, sync, QUIC or first-run work. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Where browser tests leave what helps a failure be understood (screenshots): `TXC_TEST_OUTPUT`, else
 * .tmp/test-output at the repository root; CI keeps it as an artefact.
 */
export function testOutputDir(suite: string): string {
  const dir = join(
    process.env.TXC_TEST_OUTPUT ?? join(import.meta.dirname, '..', '..', '..', '..', '.tmp', 'test-output'),
    suite,
  );
  mkdirSync(dir, { recursive: true });
  return dir;
}

export interface TestBrowser {
  readonly context: BrowserContext;
  /** Runs `body` on a new page; on a failure, a full-page screenshot is saved first, then the error rethrown. */
  withPage(name: string, body: (page: Page) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export interface BrowserOptions {
  readonly viewport?: { readonly width: number; readonly height: number };
  /** The time zone the pages live in (IANA name); the machine's by default. */
  readonly timezoneId?: string;
}

/** Chromium on a fresh profile of its own (removed by close), so that no test sees another's storage. */
export async function launchBrowser(suite: string, options: BrowserOptions = {}): Promise<TestBrowser> {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does)`);
  const profile = mkdtempSync(join(tmpdir(), 'txc-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    ...(options.timezoneId === undefined ? {} : { timezoneId: options.timezoneId }),
  });
  const output = testOutputDir(suite);
  return {
    context,
    async withPage(name, body) {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      try {
        await body(page);
      } catch (e) {
        const file = join(output, `${name.replace(/[^a-z0-9]+/gi, '-')}.png`);
        await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
        throw e instanceof Error ? Object.assign(e, { message: `${e.message}\n(screenshot: ${file})` }) : e;
      } finally {
        await page.close();
      }
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Logs in to the trader's page of `market` with an API key, and waits for its balances. */
export async function logInAsTrader(
  page: Page,
  url: string,
  market: string,
  apiKey: string,
  apiSecret: string,
): Promise<void> {
  await page.goto(`${url}/ui/trade?market=${market}`);
  await page.getByTestId('login-key').fill(apiKey);
  await page.getByTestId('login-secret').fill(apiSecret);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('balances').waitFor();
}
