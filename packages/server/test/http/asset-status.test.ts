import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';

describe('GET /api/v4/public/assets and /public/fee (reference §4.6–4.7), from the venue configuration', () => {
  let server: TestServer;
  let client: TxcClient;

  before(async () => {
    server = await TestServer.start();
    client = new TxcClient({ baseUrl: server.url });
  });
  after(() => server.stop());

  it('a multi-network asset: networks with default, per-network limits (no max key when unlimited), confirmations', async () => {
    const assets = await client.assets();
    assert.deepEqual(assets.USDT, {
      name: 'Tether US',
      unified_cryptoasset_id: 825,
      can_withdraw: true,
      can_deposit: true,
      min_withdraw: '10',
      max_withdraw: '1000000',
      maker_fee: '0.1',
      taker_fee: '0.1',
      min_deposit: '1',
      max_deposit: '0',
      currency_precision: 6,
      is_memo: false,
      memo: { deposit: false, withdraw: false },
      networks: { deposits: ['ERC20', 'TRC20'], withdraws: ['ERC20', 'TRC20'], default: 'ERC20' },
      limits: {
        deposit: { ERC20: { min: '1' }, TRC20: { min: '1' } },
        withdraw: { ERC20: { min: '10', max: '1000000' }, TRC20: { min: '5', max: '1000000' } },
      },
      confirmations: { ERC20: 12, TRC20: 20 },
    });
  });

  it('memo asset, disabled asset (directions left out), fiat with providers', async () => {
    const assets = await client.assets();
    assert.equal(assets.XRP?.is_memo, true);
    assert.deepEqual(assets.XRP?.memo, { deposit: true, withdraw: true });
    assert.equal(assets.LUNC?.can_deposit, false);
    assert.equal(assets.LUNC?.can_withdraw, false);
    assert.deepEqual(assets.LUNC?.networks, { default: 'LUNC' });
    const usd = assets.USD;
    assert.deepEqual(usd?.providers, { deposits: ['VISAMASTER', 'ADVCASH'], withdraws: ['VISAMASTER', 'ADVCASH'] });
    assert.equal(usd?.networks, undefined);
    assert.equal(usd?.confirmations, undefined);
    assert.deepEqual(usd?.limits?.withdraw.VISAMASTER, { min: '10', max: '5000' });
    assert.deepEqual(Object.keys(assets).sort(), [
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
  });

  it('fees: one entry per network as "TICKER (NETWORK)" for multi-network assets, fixed and flex', async () => {
    const fees = await client.fees();
    assert.equal(fees.USDT, undefined);
    assert.deepEqual(fees['USDT (ERC20)'], {
      is_depositable: true,
      is_withdrawal: true,
      is_api_withdrawal: true,
      is_api_depositable: true,
      ticker: 'USDT',
      name: 'Tether US',
      providers: [],
      withdraw: {
        max_amount: '1000000',
        min_amount: '10',
        fixed: null,
        flex: { percent: '0.1', min_fee: '2', max_fee: '50' },
      },
      deposit: { max_amount: '0', min_amount: '1', fixed: null, flex: null },
    });
    assert.deepEqual(fees['USDT (TRC20)']?.withdraw, {
      max_amount: '1000000',
      min_amount: '5',
      fixed: '1',
      flex: null,
    });
    assert.deepEqual(fees.BTC?.withdraw, { max_amount: '100', min_amount: '0.001', fixed: '0.0002', flex: null });
    assert.equal(fees.LUNC?.is_depositable, false);
    assert.equal(fees.LUNC?.is_withdrawal, false);
  });

  it('fiat fees per provider', async () => {
    const fees = await client.fees();
    const usd = fees.USD;
    assert.deepEqual(usd?.providers, ['VISAMASTER', 'ADVCASH']);
    assert.deepEqual((usd?.withdraw as Record<string, unknown>).VISAMASTER, {
      ticker: 'USD',
      name: 'US Dollar',
      is_withdrawal: true,
      is_api_withdrawal: true,
      max_amount: '5000',
      min_amount: '10',
      fixed: null,
      flex: { percent: '1.5', min_fee: '1', max_fee: '100' },
    });
    assert.deepEqual((fees.USD_VISAMASTER?.withdraw as Record<string, { fixed: unknown }>).VISAMASTER?.fixed, '1');
  });
});
