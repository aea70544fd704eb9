import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';
import { fails } from '../support/trading.js';
import { authorizedSocket, pushWhere } from '../support/ws-account.js';
import { subAccountBot, toSpot, usdtIs } from '../support/sub-account-bot.js';
import { WsTestClient } from '../support/ws-client.js';

const P = '/api/v4/sub-account';
const DISABLED = { code: 2, message: 'This action is unauthorized. Enable your key in API settings', errors: {} };
const ACCOUNT_BLOCKED = { code: 4006, reason: 'sub-account blocked or deleted' };
const REFUSED = { code: 1, message: 'invalid argument: the sub-account is blocked or deleted' };

/**
 * A sub-account key's sockets when the main account blocks or deletes the sub-account: they close
 * (4006), as REST refuses the key, and its cached token authorizes no socket until it is unblocked.
 */
describe('WebSocket sockets of a blocked or deleted sub-account', () => {
  let server: TestServer;
  let main: TxcClient;

  const newSub = (alias: string, funds?: string): ReturnType<typeof subAccountBot> =>
    subAccountBot(server, main, alias, funds);

  before(async () => {
    server = await TestServer.start();
    main = (await server.user('blocker', { deposits: { USDT: '1000' } })).client;
  });
  after(() => server.stop());

  test('blocked: its sockets close (4006), its cached token authorizes no more; unblocked, it does again', async () => {
    const { sub, bot } = await newSub('blocked', '100');
    const other = await newSub('bystander', '100');
    const ws = await authorizedSocket(server.url, bot);
    await ws.call('balanceSpot_subscribe', ['USDT']);
    await toSpot(bot, '10');
    await pushWhere(ws, 'balanceSpot_update', usdtIs('10'));
    const { websocket_token: cached } = await bot.websocketToken();
    const bystander = await authorizedSocket(server.url, other.bot);
    await bystander.call('balanceSpot_subscribe', ['USDT']);

    assert.deepEqual(await main.privatePost(`${P}/block`, { id: sub }), {});
    assert.deepEqual(await ws.closed, ACCOUNT_BLOCKED);
    await fails(toSpot(bot, '1'), 403, DISABLED);
    const again = await WsTestClient.connect(server.url);
    assert.deepEqual((await again.request('authorize', [cached, 'public'])).error, REFUSED);
    assert.deepEqual((await again.request('balanceSpot_request', [])).error, {
      code: 6,
      message: 'require authentication',
    });
    // another sub-account of the same main account streams on
    await toSpot(other.bot, '7');
    await pushWhere(bystander, 'balanceSpot_update', usdtIs('7'));
    assert.equal(bystander.socket.readyState, bystander.socket.OPEN);

    // unblocked: the same key's cached token authorizes a socket again, which streams
    assert.deepEqual(await main.privatePost(`${P}/unblock`, { id: sub }), {});
    assert.deepEqual(await again.call('authorize', [cached, 'public']), { status: 'success' });
    await again.call('balanceSpot_subscribe', ['USDT']);
    await toSpot(bot, '5');
    await pushWhere(again, 'balanceSpot_update', usdtIs('15'));
    await again.close();
    await bystander.close();
  });

  test('deleted: its sockets close (4006), and its token authorizes none', async () => {
    const { sub, bot } = await newSub('deleted');
    const ws = await authorizedSocket(server.url, bot);
    await ws.call('balanceSpot_subscribe', ['USDT']);
    const { websocket_token: cached } = await bot.websocketToken();

    await main.privatePost(`${P}/delete`, { id: sub });
    assert.deepEqual(await ws.closed, ACCOUNT_BLOCKED);
    const again = await WsTestClient.connect(server.url);
    assert.deepEqual((await again.request('authorize', [cached, 'public'])).error, REFUSED);
    await again.close();
  });
});
