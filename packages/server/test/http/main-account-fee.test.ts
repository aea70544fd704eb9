import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcError, type TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';

describe('POST /api/v4/main-account/fee', () => {
  let server: TestServer;
  let client: TxcClient;

  before(async () => {
    server = await TestServer.start();
    ({ client } = await server.user('fiona', { permissions: ['main-account'] }));
  });
  after(() => server.stop());

  it('lists every asset by ticker with the terms of the network used when none is named', async () => {
    const fees = await client.accountFees();
    assert.deepEqual(
      fees.map((f) => f.ticker),
      ['BTC', 'ETH', 'EUR', 'EUR_VISAMASTER', 'LUNC', 'UAH', 'UAH_IBAN', 'USD', 'USDT', 'USD_VISAMASTER', 'XRP'],
    );
    const by = new Map(fees.map((f) => [f.ticker, f]));
    // one network: a fixed fee
    assert.deepEqual(by.get('BTC'), {
      ticker: 'BTC',
      name: 'Bitcoin',
      can_deposit: true,
      can_withdraw: true,
      deposit: { minFlex: '0', maxFlex: '0', percentFlex: '0', fixed: '0', minAmount: '0.0001', maxAmount: '0' },
      withdraw: { minFlex: '0', maxFlex: '0', percentFlex: '0', fixed: '0.0002', minAmount: '0.001', maxAmount: '100' },
      network: 'BTC',
    });
    // several networks: the default one's, with its flex fee
    const usdt = by.get('USDT');
    assert.equal(usdt?.network, 'ERC20');
    assert.deepEqual(usdt.withdraw, {
      minFlex: '2',
      maxFlex: '50',
      percentFlex: '0.1',
      fixed: '0',
      minAmount: '10',
      maxAmount: '1000000',
    });
    // fiat: the default provider's
    assert.deepEqual([by.get('USD')?.network, by.get('USD')?.withdraw.fixed], ['ADVCASH', '1']);
    // what cannot be deposited says so
    assert.equal(by.get('LUNC')?.can_deposit, false);
  });

  it('needs the main-account permission', async () => {
    const { client: trader } = await server.user('tomas', { permissions: ['trading'] });
    await assert.rejects(
      trader.accountFees(),
      (e: unknown) => e instanceof TxcError && e.status === 403 && e.code === 4,
    );
  });
});
