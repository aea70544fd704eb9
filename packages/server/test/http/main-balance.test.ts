import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcError, type TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';

describe('POST /api/v4/main-account/balance (spec §4.6, reference §7.1)', () => {
  let server: TestServer;
  let client: TxcClient;

  before(async () => {
    server = await TestServer.start();
    ({ client } = await server.user('frank', { deposits: { BTC: '0.12345678', USDT: '1000.5' } }));
  });
  after(() => server.stop());

  it('lists every asset of the venue, zero balances included', async () => {
    const all = await client.mainBalances();
    assert.deepEqual(Object.keys(all).sort(), [
      'BTC',
      'ETH',
      'EUR',
      'EUR_VISAMASTER',
      'LUNC',
      'UAH',
      'UAH_IBAN',
      'USD',
      'USDT',
      'USD_VISAMASTER',
      'XRP',
    ]);
    assert.deepEqual(all.BTC, { main_balance: '0.12345678' });
    assert.deepEqual(all.USDT, { main_balance: '1000.5' });
    assert.deepEqual(all.ETH, { main_balance: '0' });
  });

  it('with a ticker, answers the main balance object keyed by that ticker (spec §4.6 → §2.4)', async () => {
    const path = '/api/v4/main-account/balance';
    assert.deepEqual(await client.privatePost(path, { ticker: 'BTC' }), { BTC: { main_balance: '0.12345678' } });
    assert.deepEqual(await client.privatePost(path, { ticker: 'XRP' }), { XRP: { main_balance: '0' } });
    // the SDK reads the one balance out of it
    assert.deepEqual(await client.mainBalance('BTC'), { main_balance: '0.12345678' });
  });

  it('an empty ticker is no ticker, as null is: every asset', async () => {
    const all = await client.privatePost('/api/v4/main-account/balance', { ticker: '' });
    assert.deepEqual(all, await client.mainBalances());
  });

  it('an unknown ticker is not an error: "0"', async () => {
    assert.deepEqual(await client.privatePost('/api/v4/main-account/balance', { ticker: 'NOPE' }), {
      NOPE: { main_balance: '0' },
    });
    assert.deepEqual(await client.mainBalance('NOPE'), { main_balance: '0' });
  });

  it('a ticker that is not a string: code 0 with the field named', async () => {
    await assert.rejects(client.privatePost('/api/v4/main-account/balance', { ticker: 42 }), (e: unknown) => {
      assert.ok(e instanceof TxcError);
      assert.equal(e.status, 400);
      assert.deepEqual(e.body, {
        code: 0,
        message: 'Validation failed',
        errors: { ticker: ['The ticker must be a string.'] },
      });
      return true;
    });
  });

  it('unknown fields are ignored', async () => {
    assert.deepEqual(await client.privatePost('/api/v4/main-account/balance', { ticker: 'BTC', extra: { x: 1 } }), {
      BTC: { main_balance: '0.12345678' },
    });
  });

  it('each user sees only their own balances', async () => {
    const { client: other } = await server.user('gina');
    assert.deepEqual(await other.mainBalance('BTC'), { main_balance: '0' });
  });
});
