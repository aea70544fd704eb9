import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TestServer } from '../../support/test-server.js';

describe('POST /admin/v1/index-prices', () => {
  let server: TestServer;

  before(async () => {
    server = await TestServer.start();
  });
  after(() => server.stop());

  it('sets an index price exactly and answers it', async () => {
    assert.deepEqual(await server.admin('POST', '/admin/v1/index-prices', { ticker: 'BTC', price: '60000.50' }), {
      status: 200,
      body: { ticker: 'BTC', price: '60000.5' },
    });
    assert.deepEqual(
      await server.admin('POST', '/admin/v1/index-prices', { ticker: 'XRP', price: '0.000000000000000001' }),
      {
        status: 200,
        body: { ticker: 'XRP', price: '0.000000000000000001' },
      },
    );
    assert.equal(server.server.venue.state.trading.indexPrices.get('BTC'), 60_000_500_000_000_000_000_000n);
  });

  it('refuses unknown tickers and prices that are not positive decimals', async () => {
    assert.deepEqual(await server.admin('POST', '/admin/v1/index-prices', { ticker: 'NOPE', price: '1' }), {
      status: 400,
      body: { error: 'Unknown ticker NOPE.' },
    });
    assert.equal((await server.admin('POST', '/admin/v1/index-prices', { ticker: 'BTC', price: '0' })).status, 400);
    assert.equal((await server.admin('POST', '/admin/v1/index-prices', { ticker: 'BTC', price: '1e5' })).status, 400);
    assert.equal((await server.admin('POST', '/admin/v1/index-prices', { ticker: 'BTC' })).status, 400);
  });

  it('survives a restart (the command is journaled)', async () => {
    await server.restart();
    assert.equal(server.server.venue.state.trading.indexPrices.get('BTC'), 60_000_500_000_000_000_000_000n);
  });

  it('the ledger shows the venue accounts', async () => {
    const { status, body } = await server.admin('GET', '/admin/v1/ledger');
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body as object), [
      'fees',
      'lendingPool',
      'insuranceFund',
      'pendingWithdrawals',
      'deposited',
      'withdrawn',
    ]);
  });
});
