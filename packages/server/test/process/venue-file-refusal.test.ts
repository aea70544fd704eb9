import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { tempDirs } from '../support/temp-dirs.js';
import { TestServer } from '../support/test-server.js';

interface VenueJson {
  assets: { ticker: string; precision: number }[];
  markets: { name: string; money: string; takerFee: string; moneyPrec: number; minAmount: string; minTotal: string }[];
}

/** A venue file the state cannot take in full is refused before any of its definitions is applied. */
describe('a venue file refused at start-up', () => {
  const dir = tempDirs('txc-venue-file-');

  it('changes nothing: a fee it also changes is not applied, nothing is journaled', async () => {
    const dataDir = dir();
    const first = await TestServer.start({ database: 'sqlite' }, dataDir);
    const before = (await first.admin('GET', '/admin/v1/state')).body as { seq: number; hash: string };
    await first.stop({ keepData: true });

    const venue = JSON.parse(readFileSync(DEMO_VENUE_FILE, 'utf8')) as VenueJson;
    const market = venue.markets.find((m) => m.name === 'BTC_USDT')!;
    market.takerFee = '0.2';
    const usdt = venue.assets.find((a) => a.ticker === 'USDT')!;
    usdt.precision = 2;
    const file = join(dir(), 'venue.json');
    writeFileSync(file, JSON.stringify(venue));
    await assert.rejects(TestServer.start({ database: 'sqlite', venue: file }, dataDir), {
      name: 'VenueFileError',
      message: 'venue definition refused: asset USDT: its precision is 6 and cannot change (the file says 2)',
    });

    // no venue file: the store as it was, nothing applied in between
    const again = await TestServer.start({ database: 'sqlite', venue: undefined }, dataDir);
    try {
      assert.deepEqual((await again.admin('GET', '/admin/v1/state')).body, before);
      const markets = (await (await fetch(`${again.url}/api/v4/public/markets`)).json()) as VenueJson['markets'];
      assert.equal(markets.find((m) => m.name === 'BTC_USDT')?.takerFee, '0.1');
    } finally {
      await again.stop();
    }
  });

  it('names what a market cannot change to', async () => {
    const dataDir = dir();
    await (await TestServer.start({ database: 'sqlite' }, dataDir)).stop({ keepData: true });
    const venue = JSON.parse(readFileSync(DEMO_VENUE_FILE, 'utf8')) as VenueJson;
    venue.markets.find((m) => m.name === 'ETH_USDT')!.moneyPrec = 3;
    const file = join(dir(), 'venue.json');
    writeFileSync(file, JSON.stringify(venue));
    await assert.rejects(TestServer.start({ database: 'sqlite', venue: file }, dataDir), {
      message:
        /^venue definition refused: market ETH_USDT: stockPrec and moneyPrec are \d+ and \d+ and cannot change \(the file says \d+ and 3\)$/,
    });
  });

  it('names a minimum no order of a market could meet', async () => {
    const venue = JSON.parse(readFileSync(DEMO_VENUE_FILE, 'utf8')) as VenueJson;
    // a token counted to 18 decimals as the money of XRP_USDT's copy: a market buy spends at most 0.009…
    const lunc = venue.assets.find((a) => a.ticker === 'LUNC')!;
    venue.assets.push({ ...lunc, ticker: 'WTOK', precision: 18 });
    const xrp = venue.markets.find((m) => m.name === 'XRP_USDT')!;
    venue.markets.push({ ...xrp, name: 'XRP_WTOK', money: 'WTOK', minTotal: '0.01' });
    const file = join(dir(), 'venue.json');
    writeFileSync(file, JSON.stringify(venue));
    await assert.rejects(TestServer.start({ database: 'sqlite', venue: file }, dir()), {
      message:
        "venue definition refused: market XRP_WTOK: minTotal 0.01 is more than a market buy can spend at WTOK's precision 18 (at most 0.009007199254740991)",
    });

    venue.markets.pop();
    Object.assign(xrp, { maxTotal: '4' });
    writeFileSync(file, JSON.stringify(venue));
    await assert.rejects(TestServer.start({ database: 'sqlite', venue: file }, dir()), {
      message:
        'venue definition refused: market XRP_USDT: minTotal 5 is more than its maxTotal 4: no order could meet both',
    });

    Object.assign(xrp, { maxTotal: '0' });
    xrp.minAmount = '9007199254740992';
    writeFileSync(file, JSON.stringify(venue));
    const dataDir = dir();
    await assert.rejects(TestServer.start({ database: 'sqlite', venue: file }, dataDir), {
      message:
        'venue definition refused: market XRP_USDT: minAmount 9007199254740992 is more than an order can carry at stockPrec 1 (at most 900719925474099.1)',
    });
  });
});
