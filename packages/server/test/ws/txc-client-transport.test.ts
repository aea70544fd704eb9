import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { timestampNonces, TxcClient, TxcError, TxcNetworkError } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';

/**
 * The SDK's REST client against a real server, where what a bot meets is made on purpose with the
 * sandbox's faults: numbers the API must read, answers that do not come, 429s that cannot say why.
 */
describe('TxcClient against a real server', () => {
  let server: TestServer;

  before(async () => {
    server = await TestServer.start({ allowFaults: true });
  });
  afterEach(async () => {
    await server.admin('DELETE', '/admin/v1/faults');
  });
  after(async () => {
    await server.stop();
  });

  const fault = async (rule: Record<string, unknown>): Promise<void> => {
    const set = await server.admin('POST', '/admin/v1/faults', rule);
    assert.equal(set.status, 201, JSON.stringify(set.body));
  };

  test('a number JSON would write in exponent form goes out written out, and the API takes it', async () => {
    const { client } = await server.user('tinyamounts', { deposits: { BTC: '1' } });
    // JSON.stringify writes 5e-8, which the API refuses: "The amount must be a number."
    assert.deepEqual(await client.transfer({ ticker: 'BTC', amount: 0.00000005, from: 'main', to: 'spot' }), []);
    assert.equal((await client.tradeBalance('BTC')).available, '0.00000005');
  });

  test('a refused nonce and a rate limit are one answer: read as privateRateLimited, and is() holds for each name', async () => {
    const { apiKey, apiSecret } = await server.user('twotoomany');
    const replaying = new TxcClient({ baseUrl: server.url, apiKey, apiSecret, nonces: { next: () => 1 } });
    await replaying.tradeBalances();
    const nonce = await replaying.tradeBalances().catch((e: unknown) => e);

    await fault({ type: 'error', routes: 'trade-account', share: '1', status: 429 });
    const limited = await new TxcClient({ baseUrl: server.url, apiKey, apiSecret })
      .tradeBalances()
      .catch((e: unknown) => e);

    assert.ok(TxcError.is(nonce) && TxcError.is(limited), `${String(nonce)} / ${String(limited)}`);
    assert.deepEqual([nonce.status, nonce.body], [limited.status, limited.body]);
    assert.deepEqual(nonce.headers['retry-after'], limited.headers['retry-after']);
    for (const e of [nonce, limited]) {
      assert.equal(e.kind, 'privateRateLimited');
      assert.ok(TxcError.is(e, 'privateRateLimited') && TxcError.is(e, 'nonceTooLow'));
    }
  });

  test('an answer that does not come in time is a TxcNetworkError, not an API refusal', async () => {
    const { apiKey, apiSecret } = await server.user('impatient', { deposits: { USDT: '100' } });
    const client = new TxcClient({ baseUrl: server.url, apiKey, apiSecret, timeoutMs: 300 });
    await fault({ type: 'latency', routes: 'main-account', ms: 1500 });
    const started = Date.now();
    const error = await client
      .transfer({ ticker: 'USDT', amount: '10', from: 'main', to: 'spot' })
      .catch((e: unknown) => e);
    assert.ok(TxcNetworkError.is(error, 'timeout'), String(error));
    assert.equal(TxcError.is(error), false);
    assert.equal(error.request, 'POST /api/v4/main-account/transfer');
    assert.ok(Date.now() - started < 1500, 'it did not wait for the answer');
  });

  test("a call's signal gives it up", async () => {
    const { client } = await server.user('aborting');
    await fault({ type: 'latency', routes: 'orders', ms: 1500 });
    const error = await client
      .activeOrders({ market: 'BTC_USDT' }, { signal: AbortSignal.timeout(100) })
      .catch((e: unknown) => e);
    assert.ok(TxcNetworkError.is(error, 'aborted'), String(error));
  });

  test('one client with nonceWindow carries many calls at once; two clients counting from one clock collide', async () => {
    const { apiKey, apiSecret } = await server.user('concurrent');
    const shared = new TxcClient({ baseUrl: server.url, apiKey, apiSecret, nonceWindow: true });
    const answers = await Promise.allSettled(Array.from({ length: 100 }, () => shared.tradeBalances()));
    assert.deepEqual(
      answers.filter((a) => a.status === 'rejected'),
      [],
    );

    // two clients of one key each count their own nonces from the clock: the second repeats the first's
    const now = Date.now();
    const first = new TxcClient({
      baseUrl: server.url,
      apiKey,
      apiSecret,
      nonceWindow: true,
      nonces: timestampNonces(() => now),
    });
    const second = new TxcClient({
      baseUrl: server.url,
      apiKey,
      apiSecret,
      nonceWindow: true,
      nonces: timestampNonces(() => now),
    });
    await first.tradeBalances();
    await assert.rejects(second.tradeBalances(), (e: unknown) => TxcError.is(e, 'nonceWindowReused'));
  });
});
