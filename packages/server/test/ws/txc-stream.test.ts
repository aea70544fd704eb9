import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { WebSocket } from 'ws';
import { STREAM_METHODS, TxcStream, TxcStreamError, type StreamTrade } from '@txc/sdk';
import type { TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';

/** Resolves with the first value `register` hands its callback that satisfies `accept`. */
function first<T>(register: (callback: (value: T) => void) => void, accept: (value: T) => boolean): Promise<T> {
  return new Promise((resolve) => register((value) => accept(value) && resolve(value)));
}

describe('TxcStream, the SDK stream client', () => {
  let server: TestServer;
  let maker: TxcClient;
  let taker: TxcClient;

  before(async () => {
    // a short idle timeout: the server drops the client, which must come back by itself
    server = await TestServer.start({
      websocket: {
        idleTimeoutMs: 1500,
        maxBufferedBytes: 4_194_304,
        placementsPerWindow: 10_000,
        requestsPerWindow: 12_000,
        windowMs: 10_000,
        connectionsPerMinute: 1_000,
      },
    });
    maker = await trader(server, 'streammaker', { BTC: '10', USDT: '1000000' });
    taker = await trader(server, 'streamtaker', { BTC: '10', USDT: '1000000' });
  });
  after(async () => {
    await server.stop();
  });

  test('STREAM_METHODS lists exactly the methods the server answers', () => {
    assert.deepEqual(STREAM_METHODS.map((m) => m.method).sort(), server.server.app.streams.methodNames().sort());
    const privateOnes = STREAM_METHODS.filter((m) => m.private).map((m) => m.method);
    assert.deepEqual(privateOnes.sort(), server.server.app.streams.privateMethodNames().sort());
  });

  test('connect, authorize, typed updates; error answers reject with the code', async () => {
    const stream = new TxcStream({
      url: `${server.url.replace('http', 'ws')}/ws`,
      WebSocket,
      tokens: maker,
      pingIntervalMs: 500,
    });
    await stream.connect();
    assert.equal(await stream.request('ping'), 'pong');
    await stream.authorize();
    await assert.rejects(stream.request('trades_subscribe', ['NOPE']), (e: unknown) => {
      assert.ok(e instanceof TxcStreamError);
      assert.equal(e.code, 1);
      return true;
    });
    const trades: StreamTrade[] = [];
    const got = first<StreamTrade[]>(
      (cb) => void stream.subscribe('trades', ['BTC_USDT'], ([, list]) => cb(list)),
      (list) => list.some((t) => t.price === '51000'),
    );
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '51000' });
    await taker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '51000' });
    trades.push(...(await got));
    assert.equal(trades[0]?.amount, '0.01');
    stream.close();
  });

  test('dropped by the server, it reconnects, authorizes again and resubscribes', async () => {
    const stream = new TxcStream({
      url: `${server.url.replace('http', 'ws')}/ws`,
      WebSocket,
      tokens: maker,
      // no pings: the server closes the idle connection (4001)
      pingIntervalMs: 3_600_000,
    });
    await stream.connect();
    await stream.authorize();
    let snapshots = 0;
    const again = first<number>(
      (cb) =>
        void stream.subscribe('lastprice', ['BTC_USDT'], () => {
          snapshots++;
          cb(snapshots);
        }),
      (n) => n >= 2,
    );
    // the first value comes on subscribe; the second only after a reconnect and resubscribe
    assert.ok((await again) >= 2);
    const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.adminToken}` } });
    assert.match(await metrics.text(), /txc_ws_closes_total\{code="4001"\} [1-9]/);
    stream.close();
  });
});
