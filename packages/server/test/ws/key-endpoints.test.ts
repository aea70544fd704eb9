import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';
import { fails } from '../support/trading.js';
import { authorizedSocket } from '../support/ws-account.js';
import { subAccountBot, toSpot } from '../support/sub-account-bot.js';

const DENIED = { code: 4, message: 'This API Key is not authorized to perform this action.', errors: {} };
const restricted = (path: string) => ({ code: 601, message: `account restricted: this API key may not call ${path}` });
const TOKEN = '/api/v4/profile/websocket_token';
const ORDER = { market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '1000' };

/**
 * A sub-account key's endpoint settings hold on the socket as over REST: an order method is the REST
 * endpoint it stands for, and a key narrowed after its socket was authorized is held to the new
 * settings at its next call.
 */
describe("WebSocket order methods and a sub-account key's endpoint settings", () => {
  let server: TestServer;
  let main: TxcClient;

  before(async () => {
    server = await TestServer.start();
    main = (await server.user('endpoint-setter', { deposits: { USDT: '1000' } })).client;
  });
  after(() => server.stop());

  test('a key enabled for the token and balances only places and cancels nothing over the socket', async () => {
    const { key, bot } = await subAccountBot(server, main, 'reader', '100');
    await toSpot(bot, '50');
    const urls = [
      { url: TOKEN, enable: true },
      { url: '/api/v4/trade-account/balance', enable: true },
    ];
    await main.subAccountApiKeyEdit({ apiKeyId: key.id, title: 'reader', urls });
    await fails(bot.orderNew(ORDER), 403, DENIED);
    const ws = await authorizedSocket(server.url, bot);
    assert.deepEqual((await ws.request('order_limit_place', [ORDER])).error, restricted('/api/v4/order/new'));
    assert.deepEqual((await ws.request('order_cancel_all', [{ market: 'BTC_USDT', type: ['spot'] }])).error, {
      ...restricted('/api/v4/order/cancel/all'),
    });
    // enabled: the socket places it, as REST does
    await main.subAccountApiKeyEdit({
      apiKeyId: key.id,
      title: 'trader',
      urls: [...urls, { url: '/api/v4/order/new', enable: true }],
    });
    const placed = (await ws.call('order_limit_place', [ORDER])) as { id: number; status: string };
    assert.equal(placed.status, 'OPEN');
    assert.deepEqual((await ws.request('order_cancel', [{ market: 'BTC_USDT', order_id: placed.id }])).error, {
      ...restricted('/api/v4/order/cancel'),
    });
    await ws.close();
  });

  test('narrowed while its socket is open: the next order method is refused', async () => {
    const { key, bot } = await subAccountBot(server, main, 'narrowed', '100');
    await toSpot(bot, '50');
    const ws = await authorizedSocket(server.url, bot);
    const placed = (await ws.call('order_limit_place', [ORDER])) as { id: number };
    const off = [{ url: '/api/v4/order/new', enable: false }];
    await main.subAccountApiKeyEdit({ apiKeyId: key.id, title: 'no new orders', urls: off });
    assert.deepEqual((await ws.request('order_limit_place', [ORDER])).error, restricted('/api/v4/order/new'));
    // what it was not barred from still works: the cancel
    const cancelled = (await ws.call('order_cancel', [{ market: 'BTC_USDT', order_id: placed.id }])) as {
      status: string;
    };
    assert.equal(cancelled.status, 'CANCELED');
    await ws.close();
  });
});

describe("WebSocket order methods count against the key's REST allowance", () => {
  let server: TestServer;
  after(() => server?.stop());

  test('orders over REST and over sockets share the order group: 10001 on the socket, 429 over REST', async () => {
    server = await TestServer.start({ rateLimits: { groups: { order: { limit: 6, windowMs: 600_000 } } } });
    const bot = (await server.user('shared-allowance', { deposits: { USDT: '1000' } })).client;
    await toSpot(bot, '500');
    for (let i = 0; i < 2; i++) await bot.orderNew(ORDER);
    // two sockets of one key: the count is the key's, not each connection's
    const one = await authorizedSocket(server.url, bot);
    const two = await authorizedSocket(server.url, bot);
    const placed = (await one.call('order_limit_place', [ORDER])) as { id: number };
    await two.call('order_limit_place', [ORDER]);
    await one.call('order_cancel', [{ market: 'BTC_USDT', order_id: placed.id }]);
    await two.call('order_limit_place', [ORDER]);
    assert.deepEqual((await one.request('order_limit_place', [ORDER])).error, {
      code: 10001,
      message: 'too many new orders per period: /api/v4/order/new',
    });
    assert.deepEqual((await two.request('order_cancel', [{ market: 'BTC_USDT', order_id: 1 }])).error, {
      code: 10000,
      message: 'too many requests per period: /api/v4/order/cancel',
    });
    const modify = { market: 'BTC_USDT', order_id: placed.id, price: '1001' };
    assert.deepEqual((await one.request('order_modify', [modify])).error, {
      code: 10001,
      message: 'too many new orders per period: /api/v4/order/modify',
    });
    await assert.rejects(bot.orderNew(ORDER), (e: { status?: number }) => e.status === 429);
    await Promise.all([one.close(), two.close()]);
  });
});
