import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import type { TestServer } from '../support/test-server.js';
import { ADDRESSES, balance, rejectsWith, startWalletServer, validation } from '../support/wallet-server.js';

describe('POST /api/v4/main-account/history (reference §7.6)', () => {
  let server: TestServer;
  let alice: TxcClient;
  let xrpMemo: string;

  before(async () => {
    server = await startWalletServer();
    ({ client: alice } = await server.user('alice'));
    const deposit = async (body: Record<string, unknown>): Promise<void> => {
      const r = await server.admin('POST', '/admin/v1/deposits', { user: 'alice', ...body });
      assert.equal(r.status, 201, JSON.stringify(r.body));
    };
    await deposit({ ticker: 'BTC', amount: '1', txid: 'btc-1' });
    const xrp = await alice.depositAddress({ ticker: 'XRP' });
    xrpMemo = xrp.account.memo;
    await deposit({ ticker: 'XRP', amount: '500', txid: 'xrp-1', address: xrp.account.address, memo: xrpMemo });
    for (let i = 0; i < 12; i++) {
      await alice.withdrawPay({ ticker: 'BTC', amount: '0.001', address: ADDRESSES.bitcoin, uniqueId: `h-${i}` });
    }
    await alice.withdrawPay({ ticker: 'XRP', amount: '20', address: ADDRESSES.xrp, memo: '99', uniqueId: 'x-1' });
  });
  after(() => server.stop());

  it('deposits and withdrawals, newest first, with the total and the paging echoed', async () => {
    const all = await alice.walletHistory();
    assert.equal(all.total, 15);
    assert.equal(all.limit, 50);
    assert.equal(all.offset, 0);
    assert.equal(all.records[0]?.uniqueId, 'x-1');
    assert.equal(all.records.at(-1)?.ticker, 'BTC');
    assert.equal(all.records.at(-1)?.method, 1);
    const times = all.records.map((r) => r.createdAt);
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
  });

  it('a deposit record: its network (the default), chain txid, address and memo; uniqueId null', async () => {
    const { records } = await alice.walletHistory({ transactionMethod: 1, ticker: 'XRP' });
    assert.equal(records.length, 1);
    const r = records[0];
    assert.equal(r?.network, 'XRP');
    assert.equal(r?.transactionHash, 'xrp-1');
    assert.equal(r?.address, 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3');
    assert.equal(r?.memo, xrpMemo);
    assert.equal(r?.uniqueId, null);
    assert.equal(r?.status, 3);
    assert.equal(r?.amount, '500');
    assert.equal(r?.currency, 'Ripple');
  });

  it('filters: method (number or string), ticker, address(es), memo, uniqueId, status', async () => {
    assert.equal((await alice.walletHistory({ transactionMethod: 2 })).total, 13);
    assert.equal((await alice.walletHistory({ transactionMethod: '1' })).total, 2);
    assert.equal((await alice.walletHistory({ ticker: 'XRP' })).total, 2);
    assert.equal((await alice.walletHistory({ address: ADDRESSES.xrp })).total, 1);
    // a bech32 (or hex) address is recorded in one spelling: any spelling of it finds the same records
    assert.equal((await alice.walletHistory({ address: ADDRESSES.bitcoin.toUpperCase() })).total, 12);
    assert.equal((await alice.walletHistory({ addresses: [ADDRESSES.xrp, ADDRESSES.bitcoin] })).total, 13);
    assert.deepEqual(await alice.walletHistory({ addresses: [] }), { total: 0, limit: 50, offset: 0, records: [] });
    assert.equal((await alice.walletHistory({ memo: '99' })).total, 1);
    assert.equal((await alice.walletHistory({ uniqueId: 'h-3' })).records[0]?.uniqueId, 'h-3');
    assert.equal((await alice.walletHistory({ unique_id: 'h-4' })).records[0]?.uniqueId, 'h-4');
    assert.equal((await alice.walletHistory({ status: [15] })).total, 13);
    assert.equal((await alice.walletHistory({ transactionMethod: 1, status: [3] })).total, 2);
    // Only one's own.
    const { client: bob } = await server.user('bob');
    assert.equal((await bob.walletHistory()).total, 0);
  });

  it('paging: limit and offset, pages that do not overlap', async () => {
    const first = await alice.walletHistory({ limit: 5 });
    const second = await alice.walletHistory({ limit: 5, offset: 5 });
    const last = await alice.walletHistory({ limit: 5, offset: 10 });
    assert.deepEqual([first.records.length, second.records.length, last.records.length], [5, 5, 5]);
    const ids = [...first.records, ...second.records, ...last.records].map((r) => r.transactionId);
    assert.equal(new Set(ids).size, 15);
    assert.deepEqual(
      ids,
      (await alice.walletHistory({ limit: 15 })).records.map((r) => r.transactionId),
    );
    assert.equal((await alice.walletHistory({ limit: 5, offset: 15 })).records.length, 0);
  });

  it('request rules in the reference words', async () => {
    const history = (p: Record<string, unknown>) => alice.privatePost('/api/v4/main-account/history', p);
    await rejectsWith(
      history({ transactionMethod: 3 }),
      400,
      validation({ transactionMethod: ['The selected transaction method is invalid.'] }),
    );
    await rejectsWith(history({ ticker: 'NOPE' }), 400, validation({ ticker: ['The selected ticker is invalid.'] }));
    await rejectsWith(
      history({ limit: 501, offset: 10_001 }),
      400,
      validation({
        limit: ['The limit may not be greater than 500.'],
        offset: ['The offset may not be greater than 10000.'],
      }),
    );
    await rejectsWith(
      history({ limit: 0, offset: -1 }),
      400,
      validation({ limit: ['The limit must be at least 1.'], offset: ['The offset must be at least 0.'] }),
    );
    await rejectsWith(history({ limit: 'ten' }), 400, validation({ limit: ['The limit must be an integer.'] }));
    await rejectsWith(
      history({ limit: 500, offset: 9_600 }),
      400,
      validation({ offset: ['Offset is too big. Please use offset + limit less than 10000.'] }),
    );
    assert.equal((await alice.walletHistory({ limit: 500, offset: 9_500 })).records.length, 0);
    await rejectsWith(
      history({ transactionMethod: 2, status: [22] }),
      400,
      validation({ status: ['The selected status is invalid.'] }),
    );
    await rejectsWith(history({ status: 3 }), 400, validation({ status: ['The selected status is invalid.'] }));
    await rejectsWith(
      history({ addresses: new Array(21).fill(ADDRESSES.bitcoin) }),
      400,
      validation({ addresses: ['The addresses may not have more than 20 items.'] }),
    );
  });
});

describe('deposits through the admin credit (the first chain-watcher adapter)', () => {
  let server: TestServer;

  before(async () => {
    server = await startWalletServer();
    await server.user('carl');
    await server.user('dina');
  });
  after(() => server.stop());

  const credit = (body: Record<string, unknown>) => server.admin('POST', '/admin/v1/deposits', body);

  it('validates the network against the asset, the default when omitted, and the address against the chain', async () => {
    assert.equal(
      (await credit({ user: 'carl', ticker: 'USDT', amount: '10', network: 'BEP20', txid: 'a' })).status,
      400,
    );
    assert.equal(
      (
        await credit({
          user: 'carl',
          ticker: 'USDT',
          amount: '10',
          address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        })
      ).status,
      400,
    );
    assert.equal((await credit({ user: 'carl', ticker: 'MULTI', amount: '10' })).status, 400);
    assert.equal((await credit({ user: 'carl', ticker: 'USDT', amount: '0.5', txid: 'small' })).status, 400); // below the minimum
    const ok = await credit({
      user: 'carl',
      ticker: 'USDT',
      amount: '10',
      txid: 'u-1',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    assert.equal(ok.status, 201);
    const shown = await server.admin('GET', '/admin/v1/users/carl');
    assert.deepEqual((shown.body as { balances: { main: unknown } }).balances.main, { USDT: '10' });
    assert.equal((await credit({ user: 'carl', ticker: 'LUNC', amount: '5000' })).status, 409);
  });

  it("finds the user from the deposit address when the report names none; refuses another user's address", async () => {
    const key = await server.admin('POST', '/admin/v1/users/dina/api-keys', { permissions: ['main-account'] });
    const { apiKey, apiSecret } = key.body as { apiKey: string; apiSecret: string };
    const dina = server.client(apiKey, apiSecret);
    const address = (await dina.depositAddress({ ticker: 'BTC' })).account.address;
    const r = await credit({ ticker: 'BTC', amount: '0.5', txid: 'b-1', address });
    assert.equal(r.status, 201);
    assert.equal(await balance(dina, 'BTC'), '0.5');
    assert.equal((await credit({ ticker: 'BTC', amount: '0.5', txid: 'b-1', address })).status, 201); // same txid: once
    // the same report with the address in capitals (bech32 ignores case) is the same deposit
    const capitals = address.toUpperCase();
    assert.equal((await credit({ ticker: 'BTC', amount: '0.5', txid: 'b-1', address: capitals })).status, 201);
    assert.equal(await balance(dina, 'BTC'), '0.5');
    assert.equal((await credit({ user: 'carl', ticker: 'BTC', amount: '0.5', txid: 'b-2', address })).status, 409);
    assert.equal(
      (await credit({ ticker: 'BTC', amount: '0.5', txid: 'b-3', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' }))
        .status,
      404,
    );
    const { records } = await dina.walletHistory({ transactionMethod: 1 });
    assert.deepEqual(
      records.map((x) => [x.network, x.transactionHash, x.address, x.amount]),
      [['BTC', 'b-1', address, '0.5']],
    );
  });

  it('a fiat deposit fee is kept by the venue: the user is credited amount − fee', async () => {
    const r = await credit({ user: 'carl', ticker: 'USD', network: 'VISAMASTER', amount: '100', txid: 'card-1' });
    assert.equal(r.status, 201);
    const shown = await server.admin('GET', '/admin/v1/users/carl');
    assert.equal((shown.body as { balances: { main: Record<string, string> } }).balances.main.USD, '97.5'); // 2.5%
  });
});
