import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { tempDirs } from '../support/temp-dirs.js';
import { txc, txcServe } from '../support/txc-cli.js';

/**
 * "A bad setting stops the server with a message naming it": one line, no stack trace, and before
 * the data dir is made, the store opened or a job started.
 */
describe('a bad setting stops txc serve by name, before anything is opened', () => {
  const dir = tempDirs('txc-bad-setting-');

  async function refused(args: readonly string[], settings: object, message: string | RegExp): Promise<void> {
    const home = dir();
    const dataDir = join(home, 'data');
    const file = join(home, 'txc.json');
    writeFileSync(file, JSON.stringify(settings));
    const r = await txc(['serve', '--port', '0', '--config', file, '--data-dir', dataDir, ...args], {
      timeoutMs: 20_000,
    });
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.split('\n').length, 2, `one line:\n${r.stderr}`);
    if (typeof message === 'string') assert.equal(r.stderr, `txc: ${message}\n`);
    else assert.match(r.stderr, message);
    assert.equal(existsSync(dataDir), false, 'nothing was made');
  }

  it('http.trustProxy: an entry that is no address or range', async () => {
    await refused(
      [],
      { http: { trustProxy: ['loopback', 'notanip'] } },
      'invalid configuration: /http/trustProxy/1 notanip is not an IP address, a range (address/bits) or one of loopback, linklocal, uniquelocal',
    );
    await refused(
      [],
      { http: { trustProxy: ['10.0.0.0/33'] } },
      /^txc: invalid configuration: \/http\/trustProxy\/0 10\.0\.0\.0\/33 is not/,
    );
  });

  it('http.trustProxy: addresses, ranges and named ranges are taken', async () => {
    const home = dir();
    const file = join(home, 'txc.json');
    const trustProxy = [
      'loopback',
      'uniquelocal',
      '10.0.0.1',
      '10.0.0.0/8',
      '192.168.0.0/255.255.0.0',
      '::1',
      'fd00::/8',
    ];
    writeFileSync(file, JSON.stringify({ http: { trustProxy } }));
    const { child } = await txcServe(['--config', file, '--data-dir', join(home, 'data')]);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });

  it('database: neither SQLite nor PostgreSQL (the URL, which may hold a password, not repeated)', async () => {
    const message = 'invalid configuration: /database must be sqlite, sqlite:<file> or a postgres:// URL';
    await refused([], { database: 'mysql://root:hunter2@x/db' }, message);
    await refused(['--database', 'mysql://x'], {}, message);
  });

  it('venue: a file that cannot be read, or that defines nothing valid', async () => {
    const missing = join(dir(), 'nonexistent.json');
    await refused(
      ['--venue', missing],
      {},
      `invalid configuration: /venue: cannot read venue file ${missing}: ENOENT: no such file or directory, open '${missing}'`,
    );
    const invalid = join(dir(), 'venue.json');
    writeFileSync(invalid, JSON.stringify({ assets: 'none' }));
    await refused([], { venue: invalid }, /^txc: invalid configuration: \/venue: invalid venue file /);
    // a name given twice: the second definition would be applied over the first
    const demo = JSON.parse(readFileSync(DEMO_VENUE_FILE, 'utf8')) as { assets: unknown[]; markets: unknown[] };
    const twice = join(dir(), 'twice.json');
    writeFileSync(twice, JSON.stringify({ ...demo, assets: [...demo.assets, demo.assets[0]] }));
    await refused([], { venue: twice }, `invalid configuration: /venue: invalid venue file ${twice}: BTC listed twice`);
  });

  it('priceFeed: a price file that cannot be read', async () => {
    const missing = join(dir(), 'nonexistent.csv');
    await refused(
      ['--price-feed', `file:${missing}`],
      {},
      `invalid configuration: /priceFeed: cannot read price file ${missing}: ENOENT: no such file or directory, open '${missing}'`,
    );
  });
});
