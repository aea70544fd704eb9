import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { base58checkPayload, bech32Decode, eip55Valid } from '../support/independent-decoders.js';
import { TestServer } from '../support/test-server.js';
import { inner, rejectsWith, startWalletServer, validation } from '../support/wallet-server.js';

const NO_FEE_REQUIRED = { fixedFee: '0', flexFee: { maxFee: '0', minFee: '0', percent: '0' } };

describe('POST /api/v4/main-account/address and create-new-address (spec §4.7, §2.5; reference §7.2–7.3)', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;

  before(async () => {
    server = await startWalletServer();
    ({ client: alice } = await server.user('alice'));
    ({ client: bob } = await server.user('bob'));
  });
  after(() => server.stop());

  it('BTC: a native SegWit address from the configured key, stable per user, with the network terms', async () => {
    const first = await alice.depositAddress({ ticker: 'BTC' });
    assert.match(first.account.address, /^bc1q/);
    const { hrp, words } = bech32Decode(first.account.address);
    assert.equal(hrp, 'bc');
    assert.equal(words[0], 0);
    assert.deepEqual(first, {
      account: { address: first.account.address, memo: '' },
      required: { ...NO_FEE_REQUIRED, maxAmount: '0', minAmount: '0.0001' },
    });
    assert.deepEqual(await alice.depositAddress({ ticker: 'BTC', network: 'BTC' }), first);
    const other = await bob.depositAddress({ ticker: 'BTC' });
    assert.notEqual(other.account.address, first.account.address);
  });

  it('USDT: ERC20 by default (EIP-55), TRC20 on request (T…), each its own address', async () => {
    const erc20 = await alice.depositAddress({ ticker: 'USDT' });
    assert.match(erc20.account.address, /^0x[0-9a-fA-F]{40}$/);
    assert.ok(eip55Valid(erc20.account.address));
    assert.deepEqual(await alice.depositAddress({ ticker: 'USDT', network: 'ERC20' }), erc20);
    const trc20 = await alice.depositAddress({ ticker: 'USDT', network: 'TRC20' });
    const payload = base58checkPayload(trc20.account.address);
    assert.equal(payload[0], 0x41);
    assert.equal(payload.length, 21);
    const eth = await alice.depositAddress({ ticker: 'ETH' });
    assert.notEqual(eth.account.address, erc20.account.address);
  });

  it('XRP: the venue address with a per-user memo', async () => {
    const a = await alice.depositAddress({ ticker: 'XRP' });
    const b = await bob.depositAddress({ ticker: 'XRP' });
    assert.equal(a.account.address, 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3');
    assert.equal(b.account.address, a.account.address);
    assert.match(a.account.memo, /^[1-9][0-9]*$/);
    assert.notEqual(a.account.memo, b.account.memo);
  });

  it('create-new-address: 201 and a fresh index each call; p2sh-segwit on request; the persistent one stays', async () => {
    const persistent = await alice.depositAddress({ ticker: 'ETH' });
    const response = await alice.privatePost('/api/v4/main-account/create-new-address', { ticker: 'ETH' });
    const fresh = response as typeof persistent;
    assert.notEqual(fresh.account.address, persistent.account.address);
    assert.ok(eip55Valid(fresh.account.address));
    assert.deepEqual(await alice.depositAddress({ ticker: 'ETH' }), persistent);
    const nested = await alice.createDepositAddress({ ticker: 'BTC', type: 'p2sh-segwit' });
    assert.match(nested.account.address, /^3/);
    assert.equal(base58checkPayload(nested.account.address)[0], 0x05);
    const raw = await fetchStatus(alice, { ticker: 'BTC', type: 'bech32' });
    assert.equal(raw, 201);
  });

  it('refuses with the reference messages: unknown ticker, fiat, not depositable, unknown network, no default', async () => {
    const address = (p: Record<string, unknown>) => alice.privatePost('/api/v4/main-account/address', p);
    const create = (p: Record<string, unknown>) => alice.privatePost('/api/v4/main-account/create-new-address', p);
    await rejectsWith(address({}), 400, validation({ ticker: ['The ticker field is required.'] }));
    await rejectsWith(address({ ticker: 5 }), 400, validation({ ticker: ['The ticker must be a string.'] }));
    await rejectsWith(address({ ticker: 'NOPE' }), 400, validation({ ticker: ['The selected ticker is invalid.'] }));
    await rejectsWith(
      address({ ticker: 'USD' }),
      400,
      validation({ ticker: ['Fiat deposits are available only on the website'] }),
    );
    await rejectsWith(address({ ticker: 'LUNC' }), 422, inner(1, { ticker: ['Currency is not depositable'] }));
    await rejectsWith(
      address({ ticker: 'USDT', network: 'BEP20' }),
      400,
      validation({ network: ['The selected network is invalid.'] }),
    );
    await rejectsWith(address({ ticker: 'MULTI' }), 400, validation({ network: ['Cannot extract default network'] }));
    await rejectsWith(
      create({ ticker: 'USDT', network: 'BEP20' }),
      400,
      validation({ network: ['Unsupported network'] }),
    );
    await rejectsWith(create({ ticker: 'MULTI' }), 400, validation({ network: ['Cannot extract default network'] }));
    await rejectsWith(
      create({ ticker: 'EUR' }),
      422,
      inner(0, { ticker: ['Fiat currencies are unavailable for this action'] }),
    );
    await rejectsWith(create({ ticker: 'LUNC' }), 422, inner(0, { ticker: ['Currency is not depositable'] }));
    await rejectsWith(
      create({ ticker: 'ETH', type: 'p2sh-segwit' }),
      400,
      validation({ type: ['The selected type is invalid.'] }),
    );
    const multi = await alice.depositAddress({ ticker: 'MULTI', network: 'TRC20' });
    assert.match(multi.account.address, /^T/);
  });

  it('a user holds at most the configured number of addresses per (ticker, network)', async () => {
    const { client } = await server.user('carol');
    await client.depositAddress({ ticker: 'USDT', network: 'TRC20' });
    await client.createDepositAddress({ ticker: 'USDT', network: 'TRC20' });
    await client.createDepositAddress({ ticker: 'USDT', network: 'TRC20' });
    await rejectsWith(
      client.createDepositAddress({ ticker: 'USDT', network: 'TRC20' }),
      422,
      inner(0, { message: ['Address limit reached'] }),
    );
  });

  it('addresses survive a restart: the index allocation is replayed from the journal', async () => {
    const before = await bob.depositAddress({ ticker: 'BTC' });
    const { client: dave } = await server.user('dave');
    const daves = await dave.depositAddress({ ticker: 'BTC' });
    await server.restart();
    const again = server.client(...(await keyOf(server, 'bob')));
    assert.deepEqual(await again.depositAddress({ ticker: 'BTC' }), before);
    const { client: erin } = await server.user('erin');
    const erins = await erin.depositAddress({ ticker: 'BTC' });
    assert.notEqual(erins.account.address, daves.account.address);
    assert.notEqual(erins.account.address, before.account.address);
  });

  it('without keys for a chain (no --demo, none configured) no address is handed out', async () => {
    const bare = await TestServer.start();
    try {
      const { client } = await bare.user('frank');
      await rejectsWith(
        client.depositAddress({ ticker: 'BTC' }),
        422,
        inner(0, { message: ['Currency is not available'] }),
      );
    } finally {
      await bare.stop();
    }
  });
});

async function fetchStatus(client: TxcClient, params: Record<string, unknown>): Promise<number> {
  try {
    await client.privatePost('/api/v4/main-account/create-new-address', params);
    return 201;
  } catch (e) {
    return (e as { status: number }).status;
  }
}

async function keyOf(server: TestServer, user: string): Promise<[string, string]> {
  const key = await server.admin('POST', `/admin/v1/users/${user}/api-keys`, { permissions: ['main-account'] });
  const { apiKey, apiSecret } = key.body as { apiKey: string; apiSecret: string };
  return [apiKey, apiSecret];
}
