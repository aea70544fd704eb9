import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TxcClient } from '@txc/sdk';
import { BEHIND_LOOPBACK_PROXY, TestServer } from '../support/test-server.js';
import { fails } from '../support/trading.js';
import { authorizedSocket, pushWhere } from '../support/ws-account.js';
import { subAccountBot, toSpot, usdtIs } from '../support/sub-account-bot.js';
import { WsTestClient } from '../support/ws-client.js';

const DISABLED = { code: 2, message: 'This action is unauthorized. Enable your key in API settings', errors: {} };
const ADDRESS_REFUSED = { code: 4005, reason: 'API key no longer allows this address' };
const NOT_ALLOWED = { code: 1, message: 'invalid argument: the API key does not allow this address' };

/**
 * A sub-account key's sockets when the main account edits the key's IP allow-list: those whose
 * address the new list leaves out close (4005), as REST refuses the key from there; the others stay.
 */
describe('WebSocket sockets of a key whose IP allow-list changes', () => {
  let server: TestServer;
  let main: TxcClient;

  /** A sub-account of its own (100 USDT on its main balance), its type 1 key, and a client signing with it. */
  const newKey = (alias: string): ReturnType<typeof subAccountBot> => subAccountBot(server, main, alias, '100');

  before(async () => {
    server = await TestServer.start({
      http: BEHIND_LOOPBACK_PROXY,
    });
    main = (await server.user('allow-lister', { deposits: { USDT: '1000' } })).client;
  });
  after(() => server.stop());

  test('narrowed to leave 127.0.0.1 out: the socket closes (4005), its cached token authorizes no more', async () => {
    const { key, bot } = await newKey('narrowed');
    const ws = await authorizedSocket(server.url, bot);
    await ws.call('balanceSpot_subscribe', ['USDT']);
    await toSpot(bot, '10');
    await pushWhere(ws, 'balanceSpot_update', usdtIs('10'));
    const { websocket_token: cached } = await bot.websocketToken();

    assert.deepEqual(await main.subAccountApiKeyIpAddressCreate({ apiKeyId: key.id, ip: '203.0.113.7' }), {
      data: ['203.0.113.7'],
    });
    assert.deepEqual(await ws.closed, ADDRESS_REFUSED);
    // REST refuses the key from here, and a token asked for before does not open a socket from here either
    await fails(toSpot(bot, '1'), 403, DISABLED);
    const again = await WsTestClient.connect(server.url);
    assert.deepEqual((await again.request('authorize', [cached, 'public'])).error, NOT_ALLOWED);
    assert.deepEqual((await again.request('balanceSpot_request', [])).error, {
      code: 6,
      message: 'require authentication',
    });
    // from the address the list names, it does
    const there = await WsTestClient.connect(server.url, '/ws', { 'x-forwarded-for': '203.0.113.7' });
    assert.deepEqual(await there.call('authorize', [cached, 'public']), { status: 'success' });
    await again.close();
    await there.close();
  });

  test('a socket that ignores the close frame is heard no more: an order it sends after is not placed', async () => {
    const { key, bot } = await newKey('deaf');
    await toSpot(bot, '50');
    const ws = await authorizedSocket(server.url, bot);
    // the client stops reading: it never sees the close frame, so it never answers it, and still sends
    (ws.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    await main.subAccountApiKeyIpAddressCreate({ apiKeyId: key.id, ip: '203.0.113.7' });
    await sleep(200);
    const order = { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '10000', client_order_id: 'after-close' };
    ws.sendText(JSON.stringify({ id: 99, method: 'order_limit_place', params: [order] }));
    await sleep(500);
    await main.subAccountApiKeyIpAddressCreate({ apiKeyId: key.id, ip: '127.0.0.1' });
    assert.deepEqual(await bot.privatePost('/api/v4/orders', { market: 'BTC_USDT' }), []);
    ws.socket.terminate();
  });

  test('still allowing 127.0.0.1: the socket stays open and keeps streaming', async () => {
    const { key, bot } = await newKey('kept');
    const ws = await authorizedSocket(server.url, bot);
    await ws.call('balanceSpot_subscribe', ['USDT']);
    // any address → 127.0.0.1 only → one more → 127.0.0.1 only again: each a change, none leaves it out
    await main.subAccountApiKeyIpAddressCreate({ apiKeyId: key.id, ip: '127.0.0.1' });
    await main.subAccountApiKeyIpAddressCreate({ apiKeyId: key.id, ip: '203.0.113.7' });
    assert.deepEqual(await main.subAccountApiKeyIpAddressDelete({ apiKeyId: key.id, ip: '203.0.113.7' }), {
      data: ['127.0.0.1'],
    });
    await toSpot(bot, '20');
    await pushWhere(ws, 'balanceSpot_update', usdtIs('20'));
    assert.deepEqual(await ws.call('balanceSpot_request', ['USDT']), { USDT: { available: '20', freeze: '0' } });
    assert.equal(ws.socket.readyState, ws.socket.OPEN);
    await ws.close();
  });

  test('each socket by its own address: only those the new list leaves out close; the others trade on', async () => {
    const { key, bot } = await newKey('twoplaces');
    await toSpot(bot, '30');
    const { websocket_token: token } = await bot.websocketToken();
    const socketAt = async (ip: string): Promise<WsTestClient> => {
      const ws = await WsTestClient.connect(server.url, '/ws', { 'x-forwarded-for': ip });
      await ws.call('authorize', [token, 'public']);
      await ws.call('balanceSpot_subscribe', ['USDT']);
      return ws;
    };
    const kept = await socketAt('198.51.100.1');
    const dropped = await socketAt('198.51.100.2');

    await main.subAccountApiKeyIpAddressCreate({ apiKeyId: key.id, ip: '198.51.100.1' });
    assert.deepEqual(await dropped.closed, ADDRESS_REFUSED);
    // the socket left in may still place orders, and its streams follow them
    const order = (await kept.call('order_limit_place', [
      { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '10000', client_order_id: 'still-allowed' },
    ])) as { id: number };
    assert.ok(order.id > 0);
    await pushWhere(kept, 'balanceSpot_update', usdtIs('19.99'));
    assert.equal(kept.socket.readyState, kept.socket.OPEN);

    // deleting the key closes what is left as a revocation does (4003)
    await main.subAccountApiKeyDelete({ apiKeyId: key.id });
    assert.equal((await kept.closed).code, 4003);
  });
});
