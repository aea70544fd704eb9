import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { tempDirs } from '../support/temp-dirs.js';
import { TestServer } from '../support/test-server.js';

interface VenueJson {
  assets: { ticker: string; precision: number }[];
  markets: { name: string; takerFee: string; moneyPrec: number }[];
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
});
