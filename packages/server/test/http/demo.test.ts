import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';

interface Credentials {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  adminToken: string;
  eea: { apiKey: string; apiSecret: string };
}

describe('the demo venue (demo-seed.md)', () => {
  let server: TestServer;
  const credentials = (): Credentials =>
    JSON.parse(readFileSync(join(server.dataDir, 'demo-credentials.json'), 'utf8')) as Credentials;

  before(async () => {
    server = await TestServer.start({ demo: true });
  });
  after(() => server.stop());

  it('writes the credentials file with exactly the keys demo-seed.md names, readable by the owner only', () => {
    const c = credentials();
    assert.deepEqual(Object.keys(c), ['baseUrl', 'apiKey', 'apiSecret', 'adminToken', 'eea']);
    assert.deepEqual(Object.keys(c.eea), ['apiKey', 'apiSecret']);
    assert.equal(c.baseUrl, server.url);
    assert.equal(c.adminToken, server.adminToken);
    assert.equal(statSync(join(server.dataDir, 'demo-credentials.json')).mode & 0o777, 0o600);
  });

  it('seeds the demo user with the listed balances in every account', async () => {
    const shown = await server.admin('GET', '/admin/v1/users/demo');
    assert.deepEqual(shown.body, {
      name: 'demo',
      eea: false,
      balances: {
        main: {
          BTC: '10',
          ETH: '100',
          EUR: '10000',
          EUR_VISAMASTER: '1000',
          UAH: '100000',
          UAH_IBAN: '10000',
          USD: '10000',
          USDT: '1000000',
          USD_VISAMASTER: '1000',
          XRP: '10000',
        },
        spot: {
          BTC: { available: '1', freeze: '0' },
          ETH: { available: '10', freeze: '0' },
          USDT: { available: '100000', freeze: '0' },
        },
        collateral: { USDT: '100000' },
      },
    });
    const eea = (await server.admin('GET', '/admin/v1/users/demo_eea')).body as { eea: boolean; balances: unknown };
    assert.equal(eea.eea, true);
    assert.deepEqual(eea.balances, (shown.body as { balances: unknown }).balances);
    for (const name of ['maker', 'taker'])
      assert.equal((await server.admin('GET', `/admin/v1/users/${name}`)).status, 200);
  });

  it('both demo keys work with every permission', async () => {
    const c = credentials();
    const demo = new TxcClient({ baseUrl: c.baseUrl, apiKey: c.apiKey, apiSecret: c.apiSecret });
    const eea = new TxcClient({ baseUrl: c.baseUrl, apiKey: c.eea.apiKey, apiSecret: c.eea.apiSecret });
    assert.deepEqual(await demo.mainBalance('BTC'), { main_balance: '10' });
    assert.deepEqual(await eea.mainBalance('USDT'), { main_balance: '1000000' });
  });

  it('is idempotent across restarts: nothing seeded twice, the same keys', async () => {
    const before = credentials();
    const seqBefore = server.server.venue.state.seq;
    await server.restart();
    const afterRestart = credentials();
    assert.equal(afterRestart.apiKey, before.apiKey);
    assert.equal(afterRestart.eea.apiSecret, before.eea.apiSecret);
    assert.equal(afterRestart.baseUrl, server.url);
    assert.equal(server.server.venue.state.seq, seqBefore);
    const demo = new TxcClient({ baseUrl: server.url, apiKey: afterRestart.apiKey, apiSecret: afterRestart.apiSecret });
    assert.deepEqual(await demo.mainBalance('BTC'), { main_balance: '10' });
  });
});
