import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { pino } from 'pino';
import { WebSocket } from 'ws';
import type { Config } from '../../src/config/schema.js';
import { TestServer, websocketSettings } from '../support/test-server.js';
import { trader } from '../support/trading.js';
import { WsTestClient } from '../support/ws-client.js';

async function metricsText(server: TestServer): Promise<string> {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.adminToken}` } });
  return response.text();
}

describe('WebSocket limits', () => {
  const servers: TestServer[] = [];
  const start = async (over: Partial<Config['websocket']>, logLines?: string[]): Promise<TestServer> => {
    const log =
      logLines === undefined ? undefined : pino({ level: 'warn' }, { write: (line: string) => logLines.push(line) });
    const server = await TestServer.start(websocketSettings(over), undefined, log === undefined ? {} : { log });
    servers.push(server);
    return server;
  };
  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  test('over its request allowance a connection gets code 7, stays open, and others are served', async () => {
    const server = await start({ requestsPerWindow: 5, windowMs: 600_000 });
    const ws = await WsTestClient.connect(server.url);
    const other = await WsTestClient.connect(server.url);
    for (let i = 0; i < 5; i++) assert.equal((await ws.request('ping')).result, 'pong');
    const refused = await ws.request('ping');
    assert.deepEqual(refused, { id: refused.id, result: null, error: { code: 7, message: 'too many requests' } });
    assert.equal((await other.request('time')).error, null);
    assert.equal(ws.socket.readyState, WebSocket.OPEN);
    await ws.close();
    await other.close();
  });

  test('a connection that says nothing for the idle timeout is closed (4001); one that pings is kept', async () => {
    // a timeout twenty pings long: only a stall of the process near that long could let the talker look idle
    const server = await start({ idleTimeoutMs: 2000 });
    const silent = await WsTestClient.connect(server.url);
    const talker = await WsTestClient.connect(server.url);
    // a client keeping its link with ping frames (RFC 6455), as many libraries do, is heard too
    const framer = await WsTestClient.connect(server.url);
    const pinging = setInterval(() => {
      void talker.request('ping').catch(() => undefined);
      framer.socket.ping();
    }, 100);
    const closed = await silent.closed;
    // half a timeout more: the others were opened a moment after the silent one
    await new Promise((resolve) => setTimeout(resolve, 1000));
    clearInterval(pinging);
    assert.deepEqual(closed, { code: 4001, reason: 'idle timeout' });
    assert.equal(talker.socket.readyState, WebSocket.OPEN);
    assert.equal(framer.socket.readyState, WebSocket.OPEN);
    await talker.close();
    await framer.close();
  });

  test('a client that never reads is cut off (4002); nobody else waits for it', async () => {
    const logLines: string[] = [];
    const server = await start({ maxBufferedBytes: 65_536, requestsPerWindow: 1_000_000 }, logLines);
    const maker = await trader(server, 'deepbook', { BTC: '100' });
    for (let i = 0; i < 100; i++) {
      await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price: String(60000 + i) });
    }
    const stuck = await WsTestClient.connect(server.url);
    const other = await WsTestClient.connect(server.url);
    await other.call('trades_subscribe', ['BTC_USDT']);
    // the client stops reading: the kernel's buffers fill, then the server's
    (stuck.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const request = JSON.stringify({ id: 1, method: 'depth_request', params: ['BTC_USDT', 100, '0'] });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !(await metricsText(server)).includes('txc_ws_closes_total{code="4002"} 1')) {
      for (let i = 0; i < 100; i++) stuck.socket.send(request);
      assert.equal((await other.request('ping')).result, 'pong');
      // the server reads one frame of a socket a turn: turns for it to take them
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.match(await metricsText(server), /txc_ws_closes_total\{code="4002"\} 1/);
    assert.equal((await other.request('ping')).result, 'pong');
    (stuck.socket as unknown as { _socket: { resume(): void } })._socket.resume();
    assert.ok([4002, 1006].includes((await stuck.closed).code));
    await other.close();
    // the client may see only a dropped connection: the operator's log says why
    const said = logLines.map((l) => JSON.parse(l) as { msg: string; ip?: string; maxBufferedBytes?: number });
    const cutOff = said.find((l) => l.msg === 'a WebSocket client read too slowly and was cut off (4002)');
    assert.deepEqual([cutOff?.ip, cutOff?.maxBufferedBytes], ['127.0.0.1', 65_536], JSON.stringify(said));
  });

  test('ping frames are requests: ponged within the allowance, not beyond it; frames that are no request count too', async () => {
    const server = await start({ requestsPerWindow: 10, windowMs: 600_000 });
    const ws = await WsTestClient.connect(server.url);
    let pongs = 0;
    ws.socket.on('pong', () => pongs++);
    for (let i = 0; i < 5; i++) ws.socket.ping(Buffer.from(`p${i}`));
    assert.equal((await ws.request('ping')).result, 'pong');
    assert.equal(pongs, 5);
    // four more requests of any kind spend the allowance: a frame that is no request is one
    assert.equal((await ws.request('nope', {} as unknown as unknown[])).error?.code, 1);
    for (let i = 0; i < 3; i++) ws.socket.ping();
    assert.equal((await ws.request('time')).error?.code, 7);
    for (let i = 0; i < 20; i++) ws.socket.ping();
    assert.equal((await ws.request('{', [])).error?.code, 7);
    assert.equal(pongs, 8);
    assert.equal(ws.socket.readyState, WebSocket.OPEN);
    await ws.close();
  });

  test('a method that does not exist spends the allowance of requests, whatever its name, not of placements', async () => {
    const server = await start({ requestsPerWindow: 3, placementsPerWindow: 1000, windowMs: 600_000 });
    const ws = await WsTestClient.connect(server.url);
    for (let i = 0; i < 3; i++) assert.equal((await ws.request('ping')).result, 'pong');
    assert.equal((await ws.request('x_place')).error?.code, 7);
    await ws.close();
  });

  test('a burst of requests that read the store is answered, each once: its result, or code 7 past the reads a connection may have waiting', async () => {
    const server = await start({});
    const ws = await WsTestClient.connect(server.url);
    const other = await WsTestClient.connect(server.url);
    // candles of seconds are built from stored trades: each of these is a store read
    const burst = Array.from({ length: 40 }, () => ws.request('candles_request', ['BTC_USDT', 0, 253402300799, 1]));
    const answers = await Promise.all(burst);
    assert.equal((await other.request('ping')).result, 'pong');
    const kinds = new Set(answers.map((a) => (a.error === null ? 'candles' : `code ${a.error.code}`)));
    assert.ok(
      [...kinds].every((k) => k === 'candles' || k === 'code 7'),
      [...kinds].join(),
    );
    assert.ok(kinds.has('candles'));
    assert.equal(ws.answers().length, 40);
    await ws.close();
    await other.close();
  });

  test('a client that sends ping frames and never reads the pongs is cut off (4002)', async () => {
    const server = await start({ maxBufferedBytes: 65_536, requestsPerWindow: 1_000_000 });
    const stuck = await WsTestClient.connect(server.url);
    const other = await WsTestClient.connect(server.url);
    (stuck.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const payload = Buffer.alloc(125, 'x');
    // the server reads one frame a turn: the pings are sent far faster than it takes them
    for (let i = 0; i < 400_000; i++) stuck.socket.ping(payload);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !(await metricsText(server)).includes('txc_ws_closes_total{code="4002"} 1')) {
      assert.equal((await other.request('ping')).result, 'pong');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.match(await metricsText(server), /txc_ws_closes_total\{code="4002"\} 1/);
    (stuck.socket as unknown as { _socket: { resume(): void } })._socket.resume();
    assert.ok([4002, 1006].includes((await stuck.closed).code));
    await other.close();
  });

  test('close codes a client chooses (3000–4999) are counted as one series: clients cannot add metric series', async () => {
    const server = await start({});
    for (const code of [3123, 3999, 4001, 1000]) {
      const ws = await WsTestClient.connect(server.url);
      ws.socket.close(code);
      await ws.closed;
    }
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && !(await metricsText(server)).includes('txc_ws_closes_total{code="1000"} 1')) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const closes = (await metricsText(server)).split('\n').filter((line) => line.startsWith('txc_ws_closes_total{'));
    assert.deepEqual(closes.sort(), ['txc_ws_closes_total{code="1000"} 1', 'txc_ws_closes_total{code="client"} 3']);
  });

  /** The answer to an upgrade the server refuses. */
  const refusedUpgrade = (server: TestServer): Promise<{ status: number; body: unknown }> =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
      socket.on('open', () => reject(new Error('the connection was accepted')));
      socket.on('error', () => undefined);
      socket.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) as unknown }));
      });
    });
  const TOO_MANY = { status: 429, body: { success: false, message: 'Too many requests.', params: [] } };

  test('connection attempts over the per-IP allowance answer HTTP 429 in the public error family', async () => {
    const server = await start({ connectionsPerMinute: 3 });
    const open = [];
    for (let i = 0; i < 3; i++) open.push(await WsTestClient.connect(server.url));
    assert.deepEqual(await refusedUpgrade(server), TOO_MANY);
    for (const ws of open) await ws.close();
  });

  test('an IP holds at most connectionsPerIp sockets open at once: one more is refused (429) until one closes', async () => {
    const server = await start({ connectionsPerIp: 2 });
    const first = await WsTestClient.connect(server.url);
    const second = await WsTestClient.connect(server.url);
    assert.deepEqual(await refusedUpgrade(server), TOO_MANY);
    await first.close();
    // the server forgets the socket once its side of the close is over, a moment after the client's
    let third: WsTestClient | undefined;
    for (let i = 0; i < 40 && third === undefined; i++) {
      third = await WsTestClient.connect(server.url).catch(() => undefined);
      if (third === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.equal((await third!.request('ping')).result, 'pong');
    await second.close();
    await third!.close();
  });

  test('10,000 subscriptions on one socket are each answered; the socket and the server carry on', async () => {
    const server = await start({});
    const ws = await WsTestClient.connect(server.url);
    const markets = ['BTC_USDT', 'ETH_USDT', 'ETH_BTC', 'XRP_USDT'];
    // sent at once, and answered in order: waiting for the last answer alone keeps the client's own
    // matching of 10,000 waiters against every frame out of the time measured
    const last = ws.waitFor((f) => f.id === 10_999 && f.method === undefined, 60_000);
    for (let i = 0; i < 10_000; i++) {
      ws.sendText(JSON.stringify({ id: 1000 + i, method: 'trades_subscribe', params: [markets[i % markets.length]] }));
    }
    await last;
    const answers = ws.answers().filter((a) => typeof a.id === 'number' && a.id >= 1000);
    assert.deepEqual(
      answers.map((a) => a.id),
      Array.from({ length: 10_000 }, (_, i) => 1000 + i),
    );
    assert.ok(answers.every((a) => a.error === null && (a.result as { status: string }).status === 'success'));
    assert.equal((await ws.request('ping')).result, 'pong');
    const other = await WsTestClient.connect(server.url);
    assert.equal((await other.request('ping')).result, 'pong');
    await ws.close();
    await other.close();
  });
});
