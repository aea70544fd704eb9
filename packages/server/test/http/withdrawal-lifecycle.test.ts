import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import type { TestServer } from '../support/test-server.js';
import { ADDRESSES, balance, rejectsWith, startWalletServer, validation } from '../support/wallet-server.js';

const BENEFICIARY = { firstName: 'John', lastName: 'Smith' };

async function transactionIdOf(client: TxcClient, uniqueId: string): Promise<string> {
  const { records } = await client.walletHistory({ uniqueId });
  assert.equal(records.length, 1);
  return (records[0] as { transactionId: string }).transactionId;
}

describe('withdrawal lifecycle: pending → successful, cancelled with a refund, partially successful (reference §7.6)', () => {
  let server: TestServer;
  let alice: TxcClient;

  before(async () => {
    server = await startWalletServer();
    ({ client: alice } = await server.user('alice', { deposits: { BTC: '1', USD: '10000' } }));
  });
  after(() => server.stop());

  it('pending (15) with confirmations, then completed by the operator with a hash (3)', async () => {
    await alice.withdrawPay({ ticker: 'BTC', amount: '0.1', address: ADDRESSES.bitcoin, uniqueId: 'life-1' });
    const { records } = await alice.walletHistory({ uniqueId: 'life-1' });
    const pending = records[0];
    assert.ok(pending);
    assert.deepEqual(
      { ...pending, transactionId: '', transaction_id: '', createdAt: 0, created_at: 0 },
      {
        address: ADDRESSES.bitcoin,
        uniqueId: 'life-1',
        unique_id: 'life-1',
        transactionId: '',
        transaction_id: '',
        createdAt: 0,
        created_at: 0,
        currency: 'Bitcoin',
        ticker: 'BTC',
        method: 2,
        amount: '0.1',
        description: '',
        memo: '',
        fee: '0.0002',
        status: 15,
        network: 'BTC',
        transactionHash: null,
        transaction_hash: null,
        centralized: false,
        details: { partial: null },
        confirmations: { actual: 0, required: 2 },
      },
    );
    assert.match(pending.transactionId, /^[0-9a-f-]{36}$/);
    assert.ok(Math.abs(pending.createdAt - Date.now() / 1000) < 60);
    await alice.withdraw({ ticker: 'BTC', amount: '0.1', address: ADDRESSES.bitcoin, uniqueId: 'life-1b' });
    const inclusive = await transactionIdOf(alice, 'life-1b');
    // what to send: withdraw-pay's receiver gets the amount, withdraw's the amount less the fee
    const listed = await server.admin('GET', '/admin/v1/withdrawals');
    assert.deepEqual(
      (listed.body as { transactionId: string; amount: string; fee: string; feeMode: string; payout: string }[]).map(
        (w) => [w.transactionId, w.amount, w.fee, w.feeMode, w.payout],
      ),
      [
        [pending.transactionId, '0.1', '0.0002', 'pay', '0.1'],
        [inclusive, '0.1', '0.0002', 'inclusive', '0.0998'],
      ],
    );
    await server.admin('POST', `/admin/v1/withdrawals/${inclusive}/reject`, {});

    const hash = 'a'.repeat(64);
    const done = await server.admin('POST', `/admin/v1/withdrawals/${pending.transactionId}/complete`, {
      transactionHash: hash,
    });
    assert.deepEqual(done, { status: 200, body: { transactionId: pending.transactionId, status: 3 } });
    const after = (await alice.walletHistory({ uniqueId: 'life-1' })).records[0];
    assert.equal(after?.status, 3);
    assert.equal(after?.transactionHash, hash);
    assert.equal(after?.confirmations, undefined);
    assert.equal(await balance(alice, 'BTC'), '0.8998');
    // Finished: neither completed nor rejected again (409); unknown ids are 404.
    assert.equal(
      (await server.admin('POST', `/admin/v1/withdrawals/${pending.transactionId}/complete`, {})).status,
      409,
    );
    assert.equal((await server.admin('POST', `/admin/v1/withdrawals/${pending.transactionId}/reject`, {})).status, 409);
    const unknown = await server.admin('POST', '/admin/v1/withdrawals/nope/complete', {});
    assert.deepEqual(unknown, { status: 404, body: { error: 'Withdrawal nope not found.' } });
  });

  it('rejected by the operator (4): amount and fee refunded exactly, the reason shown', async () => {
    await alice.withdraw({ ticker: 'BTC', amount: '0.3', address: ADDRESSES.bitcoin, uniqueId: 'life-2' });
    assert.equal(await balance(alice, 'BTC'), '0.5998');
    await alice.withdrawPay({ ticker: 'BTC', amount: '0.2', address: ADDRESSES.bitcoin, uniqueId: 'life-3' });
    assert.equal(await balance(alice, 'BTC'), '0.3996');
    const id = await transactionIdOf(alice, 'life-3');
    assert.deepEqual(
      await server.admin('POST', `/admin/v1/withdrawals/${id}/reject`, { reason: 'address on a sanctions list' }),
      {
        status: 200,
        body: { transactionId: id, status: 4 },
      },
    );
    assert.equal(await balance(alice, 'BTC'), '0.5998');
    const record = (await alice.walletHistory({ uniqueId: 'life-3' })).records[0];
    assert.equal(record?.status, 4);
    assert.equal(record?.description, 'address on a sanctions list');
    // A cancelled withdrawal's uniqueId stays used.
    await rejectsWith(
      alice.withdrawPay({ ticker: 'BTC', amount: '0.2', address: ADDRESSES.bitcoin, uniqueId: 'life-3' }),
      400,
      validation({ uniqueId: ['The unique id has already been taken.'] }),
    );
  });

  it('fiat with partialEnable may end partially successful (18): the unprocessed part and its fee come back', async () => {
    await alice.withdrawPay({
      ticker: 'USD',
      provider: 'VISAMASTER',
      amount: '6000',
      address: 'card-token',
      uniqueId: 'life-4',
      beneficiary: BENEFICIARY,
      customerIp: '203.0.113.7',
      partialEnable: true,
    });
    assert.equal(await balance(alice, 'USD'), '3910'); // 10000 − 6000 − 90 (1.5%)
    const id = await transactionIdOf(alice, 'life-4');
    const bad = await server.admin('POST', `/admin/v1/withdrawals/${id}/complete`, { processedAmount: '6000.01' });
    assert.equal(bad.status, 400);
    const done = await server.admin('POST', `/admin/v1/withdrawals/${id}/complete`, { processedAmount: '3900' });
    assert.deepEqual(done, { status: 200, body: { transactionId: id, status: 18 } });
    // Processed 3900 with its share of the fee, 90 × 3900 / 6000 = 58.5; the rest returns: 6090 − 3958.5.
    assert.equal(await balance(alice, 'USD'), '6041.5');
    const record = (await alice.walletHistory({ uniqueId: 'life-4' })).records[0];
    assert.equal(record?.status, 18);
    assert.deepEqual(record?.details, {
      partial: { requestAmount: '6000', processedAmount: '3900', processedFee: '58.5', normalizeTransaction: '' },
    });
  });

  it('a partial payout is refused for a withdrawal made without partialEnable (409)', async () => {
    await alice.withdrawPay({
      ticker: 'USD',
      provider: 'ADVCASH',
      amount: '100',
      address: 'acct',
      uniqueId: 'life-5',
      beneficiary: BENEFICIARY,
    });
    const id = await transactionIdOf(alice, 'life-5');
    const r = await server.admin('POST', `/admin/v1/withdrawals/${id}/complete`, { processedAmount: '50' });
    assert.equal(r.status, 409);
    assert.equal((await alice.walletHistory({ uniqueId: 'life-5' })).records[0]?.status, 15);
  });

  it('withdrawals and their outcome survive a restart', async () => {
    const before = await alice.walletHistory({ transactionMethod: 2 });
    const balances = await alice.mainBalances();
    await server.restart();
    const key = await server.admin('POST', '/admin/v1/users/alice/api-keys', { permissions: ['main-account'] });
    const { apiKey, apiSecret } = key.body as { apiKey: string; apiSecret: string };
    const again = server.client(apiKey, apiSecret);
    assert.deepEqual(await again.walletHistory({ transactionMethod: 2 }), before);
    assert.deepEqual(await again.mainBalances(), balances);
    const pending = await server.admin('GET', '/admin/v1/withdrawals');
    assert.equal((pending.body as unknown[]).length, 2); // life-2 and life-5
  });
});

describe('--simulate pays withdrawals out by itself after the configured delay', () => {
  it('completes with a plausible transaction hash per chain; --demo alone leaves them pending', async () => {
    const server = await startWalletServer({
      simulate: true,
      wallet: { chains: {}, addressesPerNetwork: 3, withdrawalDelayMs: 200 },
    });
    try {
      const { client } = await server.user('sim', { deposits: { BTC: '1', ETH: '1' } });
      await client.withdrawPay({ ticker: 'BTC', amount: '0.01', address: ADDRESSES.bitcoin, uniqueId: 'sim-1' });
      await client.withdrawPay({
        ticker: 'ETH',
        amount: '0.1',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        uniqueId: 'sim-2',
      });
      const deadline = Date.now() + 10_000;
      let records = (await client.walletHistory({ transactionMethod: 2 })).records;
      while (records.some((r) => r.status !== 3) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        records = (await client.walletHistory({ transactionMethod: 2 })).records;
      }
      const byId = new Map(records.map((r) => [r.uniqueId, r]));
      assert.equal(byId.get('sim-1')?.status, 3);
      assert.match(byId.get('sim-1')?.transactionHash ?? '', /^[0-9a-f]{64}$/);
      assert.match(byId.get('sim-2')?.transactionHash ?? '', /^0x[0-9a-f]{64}$/);
      assert.equal(await balance(client, 'BTC'), '0.9898');
    } finally {
      await server.stop();
    }
    const still = await startWalletServer({
      demo: true,
      wallet: { chains: {}, addressesPerNetwork: 3, withdrawalDelayMs: 0 },
    });
    try {
      const { client } = await still.user('calm', { deposits: { BTC: '1' } });
      await client.withdrawPay({ ticker: 'BTC', amount: '0.01', address: ADDRESSES.bitcoin, uniqueId: 'calm-1' });
      await new Promise((r) => setTimeout(r, 1500));
      assert.equal((await client.walletHistory({ uniqueId: 'calm-1' })).records[0]?.status, 15);
    } finally {
      await still.stop();
    }
  });
});
