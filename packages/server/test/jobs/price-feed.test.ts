import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { INDEX_PRICE_DECIMALS, parseUnits, RATE_SCALE } from '@txc/core';
import type { TxcClient } from '@txc/sdk';
import { IndexWalk } from '../../src/jobs/index-walk.js';
import { ConfigError } from '../../src/config/load.js';
import { parsePriceCsv, PriceFileError } from '../../src/jobs/price-csv.js';
import { TestServer } from '../support/test-server.js';

const index = (text: string): bigint => parseUnits(text, INDEX_PRICE_DECIMALS) as bigint;

/** Polls the futures listing (cached 1 s) until BTC_PERP's index satisfies `check`, at most 8 s. */
async function btcIndex(client: TxcClient, check: (price: number) => boolean): Promise<number> {
  let price = 0;
  for (let i = 0; i < 40; i++) {
    price = Number((await client.futures()).result.find((m) => m.ticker_id === 'BTC_PERP')?.index_price ?? '0');
    if (check(price)) return price;
    await new Promise((r) => setTimeout(r, 200));
  }
  return price;
}

describe('price files: timestamp,ticker,price', () => {
  it('parses seconds and milliseconds, a header, comments; sorts by time', () => {
    const rows = parsePriceCsv('timestamp,ticker,price\n# prices\n1700000002,BTC,61000.5\n1700000001000,BTC,60000\n\n');
    assert.deepEqual(rows, [
      { at: 1_700_000_001_000, ticker: 'BTC', price: index('60000') },
      { at: 1_700_000_002_000, ticker: 'BTC', price: index('61000.5') },
    ]);
  });

  it('names the line of every problem', () => {
    for (const [text, message] of [
      ['1,BTC', 'line 1: expected timestamp,ticker,price'],
      ['1700000000,BTC,-1', 'line 1: price must be a positive decimal with at most 18 places'],
      ['1700000000,BTC,1e5', 'line 1: price must be a positive decimal with at most 18 places'],
      ['1700000000,BTC,1\nsoon,BTC,2', 'line 2: timestamp must be Unix seconds or milliseconds'],
      ['1700000000,btc!,1', 'line 1: bad ticker btc!'],
      ['timestamp,ticker,price', 'no prices in the file'],
    ] as const) {
      assert.throws(
        () => parsePriceCsv(text),
        (e: unknown) => e instanceof PriceFileError && e.message === message,
      );
    }
  });
});

describe('the random walk of index prices', () => {
  it('the same seed walks the same prices; each step stays within its bound', () => {
    const step = RATE_SCALE / 100n;
    const a = new IndexWalk(42, step);
    const b = new IndexWalk(42, step);
    const c = new IndexWalk(43, step);
    let pa = index('60000');
    let pb = pa;
    let pc = pa;
    let differs = false;
    for (let i = 0; i < 1000; i++) {
      const na = a.next(pa);
      assert.ok((na > pa ? na - pa : pa - na) * 100n <= pa, 'at most 1 % a step');
      pa = na;
      pb = b.next(pb);
      pc = c.next(pc);
      assert.equal(pa, pb);
      differs ||= pc !== pa;
    }
    assert.ok(differs, 'another seed walks elsewhere');
  });
});

describe('txc serve --price-feed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'txc-feed-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('file: replays the rows in time, faster by `speed`', async () => {
    const file = join(dir, 'prices.csv');
    writeFileSync(
      file,
      'timestamp,ticker,price\n1700000000,USDT,1\n1700000000,BTC,61000\n1700000001,BTC,62000\n1700000002,BTC,63000.5\n',
    );
    const server = await TestServer.start({
      priceFeed: `file:${file}`,
      priceFeedOptions: { intervalMs: 2000, step: '0.001', seed: 1, speed: 10 },
    });
    try {
      const { client } = await server.user('reader');
      assert.equal(await btcIndex(client, (p) => p === 63000.5), 63000.5);
    } finally {
      await server.stop();
    }
  });

  it('file: an unreadable file or an unknown ticker stops the server at start', async () => {
    await assert.rejects(TestServer.start({ priceFeed: `file:${join(dir, 'missing.csv')}` }), ConfigError);
    const file = join(dir, 'unknown.csv');
    writeFileSync(file, '1700000000,DOGE,0.1\n');
    await assert.rejects(TestServer.start({ priceFeed: `file:${file}` }), /unknown tickers DOGE/);
  });

  it('random under --simulate: the index walks, the maker re-quotes around it and trades print', async () => {
    const server = await TestServer.start({
      demo: true,
      simulate: true,
      priceFeedOptions: { intervalMs: 50, step: '0.002', seed: 3, speed: 1 },
    });
    try {
      const { client } = await server.user('watcher');
      const seeded = (await client.ticker()).BTC_USDT?.last_price;
      const moved = await btcIndex(client, (p) => Math.abs(p / 60000 - 1) > 0.004);
      assert.ok(Math.abs(moved / 60000 - 1) > 0.004, `the index moved: ${moved}`);
      // give the maker a moment to lay its ladder around the latest index, then read book and index together
      await new Promise((r) => setTimeout(r, 300));
      const book = await client.orderbook('BTC_USDT', { limit: 1 });
      const bid = Number(book.bids[0]?.[0]);
      const ask = Number(book.asks[0]?.[0]);
      assert.ok(ask / bid - 1 < 0.01, `a tight book: ${bid} / ${ask}`);
      assert.ok(Math.abs(bid / moved - 1) < 0.02, `the bid ${bid} follows the index ${moved}`);
      // the ticker is cached for a second: trades show once it is computed again
      let last = seeded;
      for (let i = 0; i < 30 && last === seeded; i++) {
        await new Promise((r) => setTimeout(r, 200));
        last = (await client.ticker()).BTC_USDT?.last_price;
      }
      assert.notEqual(last, seeded, 'the taker traded against the moving ladder');
    } finally {
      await server.stop();
    }
  });
});
