import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TestServer } from '../support/test-server.js';
import { txc } from '../support/txc-cli.js';

describe('txc lending-pool', () => {
  let server: TestServer;

  before(async () => {
    server = await TestServer.start();
  });
  after(() => server.stop());

  it('puts money into the lending pool as an inflow, through the admin API of the running server', async () => {
    const funded = await txc(['lending-pool', 'USDT', '2500.5', '--data-dir', server.dataDir]);
    assert.equal(funded.code, 0, funded.stderr);
    assert.deepEqual(JSON.parse(funded.stdout), { ticker: 'USDT', amount: '2500.5', lendingPool: '2500.5' });
    const { body } = await server.admin('GET', '/admin/v1/ledger');
    const l = body as { lendingPool: Record<string, string>; deposited: Record<string, string> };
    assert.deepEqual([l.lendingPool.USDT, l.deposited.USDT], ['2500.5', '2500.5']);
    const refused = await txc(['lending-pool', 'USDT', '-1', '--data-dir', server.dataDir]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /amount must be/);
  });
});
