import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TxcError } from '@txc/sdk';
import { rawPost } from '../support/raw-request.js';
import { TestServer } from '../support/test-server.js';

const PATH = '/api/v4/main-account/balance';

describe('a restart keeps users, keys, balances and nonces', () => {
  it('survives a graceful restart', async () => {
    const server = await TestServer.start();
    try {
      const { apiKey, apiSecret } = await server.user('nina', { deposits: { ETH: '2.5', USDT: '10' } });
      const nonce = Date.now() - 60_000;
      const body = JSON.stringify({ request: PATH, nonce, ticker: 'ETH' });
      const first = await rawPost(server.url, PATH, { apiKey, secret: apiSecret, body });
      assert.deepEqual([first.status, first.body], [200, { ETH: { main_balance: '2.5' } }]);

      await server.restart();

      const replayed = await rawPost(server.url, PATH, { apiKey, secret: apiSecret, body });
      assert.equal(replayed.status, 429);
      assert.deepEqual(replayed.body, { code: 0, message: 'Too many requests.', errors: {} });

      const client = server.client(apiKey, apiSecret);
      assert.deepEqual(await client.mainBalance('ETH'), { main_balance: '2.5' });
      assert.deepEqual(await client.mainBalance('USDT'), { main_balance: '10' });
      const shown = await server.admin('GET', '/admin/v1/users/nina');
      assert.equal(shown.status, 200);
    } finally {
      await server.stop();
    }
  });

  it('a window nonce used before the restart is refused after it', async () => {
    const server = await TestServer.start();
    try {
      const { apiKey, apiSecret } = await server.user('otto');
      const body = JSON.stringify({ request: PATH, nonce: Date.now(), nonceWindow: true });
      assert.equal((await rawPost(server.url, PATH, { apiKey, secret: apiSecret, body })).status, 200);
      await server.restart();
      assert.equal((await rawPost(server.url, PATH, { apiKey, secret: apiSecret, body })).status, 429);
    } finally {
      await server.stop();
    }
  });

  it('a revoked key stays revoked after a restart', async () => {
    const server = await TestServer.start();
    try {
      const { apiKey, apiSecret } = await server.user('pia');
      await server.admin('DELETE', `/admin/v1/api-keys/${apiKey}`);
      await server.restart();
      await assert.rejects(
        server.client(apiKey, apiSecret).mainBalances(),
        (e: unknown) => e instanceof TxcError && e.status === 401,
      );
    } finally {
      await server.stop();
    }
  });

  it('one server per data dir', async () => {
    const server = await TestServer.start();
    try {
      await assert.rejects(TestServer.start({}, server.dataDir), /data dir is held by server process/);
    } finally {
      await server.stop();
    }
  });
});
