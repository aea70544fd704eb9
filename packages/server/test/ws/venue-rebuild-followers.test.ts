import assert from 'node:assert/strict';
import type { Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';
import { WsTestClient } from '../support/ws-client.js';

/** The TCP socket under a client's WebSocket: pausing it stops the client reading (a stalled process). */
const tcpOf = (client: WsTestClient): Socket => (client.socket as unknown as { _socket: Socket })._socket;

describe('a venue rebuilt while a client is slow to finish its close (4004)', () => {
  let server: TestServer;
  let maker: TxcClient;

  before(async () => {
    server = await TestServer.start();
    maker = await trader(server, 'rebuildmaker', { BTC: '10', USDT: '1000000' });
    await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.3', price: '49990' });
  });
  after(() => server.stop());

  test("a saved state loaded: the old socket's late close takes nothing from those who subscribed again", async () => {
    const terms = ['BTC_USDT', 5, '0', true];
    const stale = await WsTestClient.connect(server.url);
    await stale.call('depth_subscribe', terms);
    await stale.call('trades_subscribe', ['BTC_USDT']);
    await stale.nextPush('depth_update');
    tcpOf(stale).pause();
    // a reset rebuilds the same way (Venue.rebuild), as does the recovery from a failed commit
    assert.equal((await server.admin('POST', '/admin/v1/states', { name: 'followers' })).status, 201);
    assert.equal((await server.admin('POST', '/admin/v1/states/followers/load')).status, 200);
    const [kept, leaving] = [await WsTestClient.connect(server.url), await WsTestClient.connect(server.url)];
    for (const ws of [kept, leaving]) {
      await ws.call('depth_subscribe', terms);
      await ws.call('trades_subscribe', ['BTC_USDT']);
      await ws.nextPush('depth_update');
    }
    // the stalled client reads again, finishes its close, and the server hears it end
    tcpOf(stale).resume();
    assert.equal((await stale.closed).code, 4004);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await leaving.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '49990' });
    const [, change] = (await kept.nextPush('depth_update')).params as [boolean, { bids: string[][] }];
    assert.ok(change.bids.length > 0, JSON.stringify(change));
    const trades = kept.pushes('trades_update').map((p) => (p.params as [string, unknown[]])[1]);
    assert.ok(
      trades.some((list) => list.length > 0),
      JSON.stringify(trades),
    );
    await kept.close();
  });
});
