import assert from 'node:assert/strict';
import { createServer, type Socket as TcpSocket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { WebSocket } from 'ws';
import {
  STREAM_METHODS,
  TxcError,
  TxcStream,
  TxcStreamError,
  type StreamSocket,
  type StreamTrade,
  type UpdateOf,
} from '@txc/sdk';
import type { TxcClient } from '@txc/sdk';
import { eventually } from '../support/eventually.js';
import { TestServer, websocketSettings } from '../support/test-server.js';
import { trader } from '../support/trading.js';

/** Resolves with the first value `register` hands its callback that satisfies `accept`. */
function first<T>(register: (callback: (value: T) => void) => void, accept: (value: T) => boolean): Promise<T> {
  return new Promise((resolve) => register((value) => accept(value) && resolve(value)));
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface ProbeHooks {
  /** Where socket `index` connects instead of the stream's URL. */
  readonly url?: (index: number) => string | undefined;
  /** Called as socket `index` opens, before the client hears of it. */
  readonly opened?: (socket: WebSocket, index: number) => void;
  /** False: socket `index` does not pass this frame on to the client. */
  readonly incoming?: (text: string, index: number) => boolean;
  /** What socket `index` really sends for the client's frame. */
  readonly outgoing?: (frame: { method: string; params: unknown[] }, index: number) => void;
}

/** An `outgoing` hook: the sockets `on` picks authorize with a token the server refuses, as an expired one. */
function refusedTokenOn(on: (index: number) => boolean): NonNullable<ProbeHooks['outgoing']> {
  return (frame, index) => {
    if (frame.method === 'authorize' && on(index)) frame.params[0] = 'refused';
  };
}

/** A WebSocket class for TxcStream that records every socket and what the client sent on it. */
function probes(hooks: ProbeHooks = {}) {
  const all: {
    ws: WebSocket;
    sent: { method: string; params: unknown[] }[];
    /** Hands the client a frame, as if the socket had just read it (one `incoming` held back). */
    deliver: (text: string) => void;
  }[] = [];
  class ProbeSocket implements StreamSocket {
    onopen: StreamSocket['onopen'] = null;
    onmessage: StreamSocket['onmessage'] = null;
    onclose: StreamSocket['onclose'] = null;
    onerror: StreamSocket['onerror'] = null;
    private readonly ws: WebSocket;
    private readonly index = all.length;
    private readonly sent: { method: string; params: unknown[] }[] = [];

    constructor(url: string) {
      this.ws = new WebSocket(hooks.url?.(all.length) ?? url);
      all.push({ ws: this.ws, sent: this.sent, deliver: (text) => this.onmessage?.({ data: text }) });
      this.ws.onopen = (e) => {
        hooks.opened?.(this.ws, this.index);
        this.onopen?.(e);
      };
      this.ws.onmessage = (e) => {
        const text = e.data as string;
        if (hooks.incoming?.(text, this.index) !== false) this.onmessage?.({ data: text });
      };
      this.ws.onclose = (e) => this.onclose?.({ code: e.code, reason: e.reason });
      this.ws.onerror = (e) => this.onerror?.(e);
    }

    get readyState(): number {
      return this.ws.readyState;
    }

    send(data: string): void {
      const frame = JSON.parse(data) as { id: number; method: string; params: unknown[] };
      this.sent.push({ method: frame.method, params: structuredClone(frame.params) });
      hooks.outgoing?.(frame, this.index);
      this.ws.send(JSON.stringify(frame));
    }

    close(code?: number, reason?: string): void {
      this.ws.close(code, reason);
    }

    terminate(): void {
      this.ws.terminate();
    }
  }
  /** What the client sent on socket `index` (pings left out). */
  const sent = (index: number): [string, unknown[]][] =>
    (all[index]?.sent ?? []).filter((f) => f.method !== 'ping').map((f) => [f.method, f.params]);
  return { Socket: ProbeSocket, all, sent };
}

describe('TxcStream, the SDK stream client', () => {
  let server: TestServer;
  let maker: TxcClient;
  let taker: TxcClient;

  before(async () => {
    // a short idle timeout: the server drops the client, which must come back by itself
    server = await TestServer.start({ ...websocketSettings({ idleTimeoutMs: 1500 }), allowFaults: true });
    maker = await trader(server, 'streammaker', { BTC: '10', ETH: '100', USDT: '1000000' });
    taker = await trader(server, 'streamtaker', { BTC: '10', ETH: '100', USDT: '1000000' });
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

  test('order methods, typed: their params and answers, and a refusal with its order error code', async () => {
    const stream = new TxcStream({ url: `${server.url.replace('http', 'ws')}/ws`, WebSocket, tokens: maker });
    await stream.connect();
    await stream.authorize();
    const placed = await stream.order('order_limit_place', {
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.01',
      price: '77000',
      client_order_id: 'typed-1',
    });
    assert.deepEqual([placed.type, placed.side, placed.price, placed.client_order_id], [1, 1, '77000', 'typed-1']);
    const modified = await stream.order('order_modify', {
      market: 'BTC_USDT',
      client_order_id: 'typed-1',
      price: '77100',
    });
    assert.notEqual(modified.id, placed.id);
    assert.equal(modified.price, '77100');
    const cancelled = await stream.order('order_cancel', { market: 'BTC_USDT', order_id: modified.id });
    assert.equal(cancelled.status, 'CANCELED');
    assert.deepEqual(await stream.order('order_cancel_all', { market: 'BTC_USDT', type: ['spot'] }), {});
    await assert.rejects(
      stream.order('order_limit_place', { market: 'BTC_USDT', side: 'buy', amount: '1000', price: '77000' }),
      (e: unknown) => e instanceof TxcStreamError && e.code === 10,
    );
    stream.close();
  });

  test('dropped by the server, it reconnects, authorizes again and resubscribes, and says so', async () => {
    const told: string[] = [];
    const stream = new TxcStream({
      url: `${server.url.replace('http', 'ws')}/ws`,
      WebSocket,
      tokens: maker,
      // no pings: the server closes the idle connection (4001)
      pingIntervalMs: 3_600_000,
      onDisconnect: ({ code, reason }) => told.push(`disconnect ${code} ${reason}`),
      onReconnect: () => told.push('reconnect'),
      onError: (e) => told.push(e.message),
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
    await eventually('the reconnect told', () => told.includes('reconnect'));
    assert.deepEqual(told.slice(0, 3), [
      'TxcStream: the server closed the connection (4001 idle timeout)',
      'disconnect 4001 idle timeout',
      'reconnect',
    ]);
    const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.adminToken}` } });
    assert.match(await metrics.text(), /txc_ws_closes_total\{code="4001"\} [1-9]/);
    stream.close();
  });

  test('its key revoked (4003), it says so and ends: no reconnect, and a later connect() starts afresh', async () => {
    const { client, apiKey } = await server.user('revokedstreamer');
    const told: string[] = [];
    const { Socket, all } = probes();
    const stream = new TxcStream({
      url: `${server.url.replace('http', 'ws')}/ws`,
      WebSocket: Socket,
      tokens: client,
      onDisconnect: ({ code, reason }) => told.push(`disconnect ${code} ${reason}`),
      onReconnect: () => told.push('reconnect'),
      onError: (e) => told.push(e.message),
    });
    try {
      await stream.connect();
      await stream.authorize();
      await stream.subscribe('lastprice', ['BTC_USDT'], () => undefined);
      assert.equal((await server.admin('DELETE', `/admin/v1/api-keys/${apiKey}`)).status, 200);
      await eventually('the close told', () => told.includes('disconnect 4003 API key revoked'));
      // past the first reconnect's backoff (at most a second)
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const revoked = [
        'TxcStream: the server closed the connection (4003 API key revoked)',
        'disconnect 4003 API key revoked',
      ];
      assert.deepEqual(told, revoked);
      assert.equal(all.length, 1, 'no socket opened again');
      // the app connects again: nothing of the revoked key's stream is sent or told restored
      await stream.connect();
      assert.equal(await stream.request<string>('ping'), 'pong');
      assert.deepEqual(
        all[1]?.sent.map((f) => f.method),
        ['ping'],
      );
      assert.deepEqual(told, revoked);
    } finally {
      stream.close();
    }
  });

  test('its key revoked (4003), an app that connects again from its onDisconnect gets a fresh stream', async () => {
    const { client, apiKey } = await server.user('revokedreconnecter');
    const told: string[] = [];
    const { Socket, all } = probes();
    let again: Promise<void> | undefined;
    const stream: TxcStream = new TxcStream({
      url: `${server.url.replace('http', 'ws')}/ws`,
      WebSocket: Socket,
      tokens: client,
      onDisconnect: ({ code }) => {
        told.push(`disconnect ${code}`);
        again = stream.connect();
      },
      onReconnect: () => told.push('reconnect'),
    });
    try {
      await stream.connect();
      await stream.authorize();
      await stream.subscribe('lastprice', ['BTC_USDT'], () => undefined);
      assert.equal((await server.admin('DELETE', `/admin/v1/api-keys/${apiKey}`)).status, 200);
      await eventually('the close told', () => again !== undefined);
      await again;
      assert.equal(await stream.request<string>('ping'), 'pong');
      assert.deepEqual(
        all[1]?.sent.map((f) => f.method),
        ['ping'],
      );
      assert.deepEqual(told, ['disconnect 4003']);
    } finally {
      stream.close();
    }
  });

  const url = (): string => `${server.url.replace('http', 'ws')}/ws`;
  /** The maker's tokens, counting how many were fetched. */
  const countingTokens = () => {
    let fetched = 0;
    const tokens = {
      websocketToken: () => {
        fetched++;
        return maker.websocketToken();
      },
    };
    return { tokens, fetched: () => fetched };
  };
  const trade = async (market: string, price: string): Promise<void> => {
    await maker.orderNew({ market, side: 'sell', amount: '0.01', price });
    await taker.orderNew({ market, side: 'buy', amount: '0.01', price });
  };

  test('candles: every market is restored after a reconnect, each handle gets its market, unsubscribe drops one', async () => {
    const { Socket, all, sent } = probes();
    const stream = new TxcStream({ url: url(), WebSocket: Socket, pingIntervalMs: 300 });
    await stream.connect();
    const seen = { btc: new Set<string>(), eth: new Set<string>() };
    const btc = await stream.subscribe('candles', ['BTC_USDT', 60], (cs) => cs.forEach((c) => seen.btc.add(c[7])));
    await stream.subscribe('candles', ['ETH_USDT', 60], (cs) => cs.forEach((c) => seen.eth.add(c[7])));
    await trade('BTC_USDT', '51000');
    await trade('ETH_USDT', '3000');
    await eventually('candles of both markets', () => seen.btc.size > 0 && seen.eth.size > 0);
    await sleep(600);
    assert.deepEqual([...seen.btc], ['BTC_USDT']);
    assert.deepEqual([...seen.eth], ['ETH_USDT']);

    all[0]?.ws.terminate();
    await eventually('both candles resubscribed', () => sent(1).length >= 2);
    assert.deepEqual(sent(1), [
      ['candles_subscribe', ['BTC_USDT', 60]],
      ['candles_subscribe', ['ETH_USDT', 60]],
    ]);
    seen.eth.clear();
    await btc.unsubscribe();
    assert.deepEqual(sent(1).at(-1), ['candles_unsubscribe', ['BTC_USDT']]);
    await eventually('ETH candles go on', () => seen.eth.size > 0);
    stream.close();
  });

  test('depth with multi_depth: each handle gets its own market only', async () => {
    const stream = new TxcStream({ url: url(), WebSocket, pingIntervalMs: 300 });
    await stream.connect();
    const markets = { btc: new Set<string>(), eth: new Set<string>() };
    const btc = await stream.subscribe('depth', ['BTC_USDT', 5, '0', true], ([, , m]) => markets.btc.add(m));
    await stream.subscribe('depth', ['ETH_USDT', 5, '0', true], ([, , m]) => markets.eth.add(m));
    await eventually('both snapshots', () => markets.btc.size > 0 && markets.eth.size > 0);
    await sleep(300);
    assert.deepEqual([...markets.btc], ['BTC_USDT']);
    assert.deepEqual([...markets.eth], ['ETH_USDT']);
    await btc.unsubscribe();
    stream.close();
  });

  test('trades: a replaced handle unsubscribing leaves the other alone; a refused subscribe gets nothing', async () => {
    const { Socket, all, sent } = probes();
    const stream = new TxcStream({ url: url(), WebSocket: Socket, pingIntervalMs: 300 });
    await stream.connect();
    let refusedCalls = 0;
    await assert.rejects(
      stream.subscribe('trades', ['NOPE'], () => refusedCalls++),
      (e: unknown) => e instanceof TxcStreamError && e.code === 1,
    );
    const h1 = await stream.subscribe('trades', ['BTC_USDT'], () => undefined);
    const h2Trades: string[] = [];
    const h2 = await stream.subscribe('trades', ['ETH_USDT', 'BTC_USDT'], ([, list]) =>
      h2Trades.push(...list.map((t) => t.price)),
    );
    await h1.unsubscribe();
    assert.deepEqual(
      sent(0).filter(([m]) => m === 'trades_unsubscribe'),
      [],
      'h2 holds the subscription: nothing to send',
    );
    await trade('BTC_USDT', '51234');
    await eventually('h2 hears the new trade', () => h2Trades.includes('51234'));
    assert.equal(refusedCalls, 0);

    all[0]?.ws.terminate();
    await eventually('trades resubscribed', () => sent(1).length >= 1);
    assert.deepEqual(sent(1), [['trades_subscribe', ['ETH_USDT', 'BTC_USDT']]]);

    // unsubscribing the handle in effect brings back the one it replaced
    const h3 = await stream.subscribe('trades', ['XRP_USDT'], () => undefined);
    await h3.unsubscribe();
    assert.deepEqual(sent(1).at(-1), ['trades_subscribe', ['ETH_USDT', 'BTC_USDT']]);
    await h2.unsubscribe();
    assert.deepEqual(sent(1).at(-1), ['trades_unsubscribe', []]);
    stream.close();
  });

  test('a reconnect reuses the token; a fresh token refused after a reconnect ends the stream, as a 4003 does', async () => {
    const { tokens, fetched } = countingTokens();
    const { Socket, all, sent } = probes({ outgoing: refusedTokenOn((index) => index >= 2) });
    const errors: Error[] = [];
    const closes: string[] = [];
    let reconnects = 0;
    const stream = new TxcStream({
      url: url(),
      WebSocket: Socket,
      tokens,
      pingIntervalMs: 300,
      onError: (e) => errors.push(e),
      onDisconnect: ({ code }) => closes.push(String(code)),
      onReconnect: () => reconnects++,
    });
    try {
      await stream.connect();
      await stream.authorize();
      let prices = 0;
      await stream.subscribe('lastprice', ['BTC_USDT'], () => prices++);
      await eventually('lastprice snapshot', () => prices >= 1);

      all[0]?.ws.terminate();
      await eventually(
        'resubscribed on socket 1',
        () => sent(1).some(([m]) => m === 'lastprice_subscribe') && prices >= 2,
      );
      assert.equal(fetched(), 1, 'the token is reused');
      assert.deepEqual(errors, []);
      await eventually('the reconnect told', () => reconnects === 1);

      all[1]?.ws.terminate();
      await eventually('the end told', () => closes.includes('4003'), 8000);
      // the cached token refused, then a fresh one: socket 2 subscribed to nothing and was not told restored
      assert.deepEqual(
        sent(2).map(([m]) => m),
        ['authorize', 'authorize'],
      );
      assert.deepEqual(closes, ['1006', '1006', '4003']);
      assert.equal(reconnects, 1);
      // assert.deepEqual above narrowed `errors` to what it then held
      const reported = errors as Error[];
      assert.equal(reported.length, 1, reported.map((e) => e.message).join('; '));
      const refusal = reported[0];
      assert.ok(refusal instanceof TxcStreamError && refusal.code === 1, String(refusal));
      // past the backoff of a next attempt (at most 2 s): there is none
      await sleep(2500);
      assert.equal(all.length, 3, 'no socket opened again');
      // a later connect() starts afresh: nothing of the refused stream is sent
      await stream.connect();
      assert.equal(await stream.request<string>('ping'), 'pong');
      assert.deepEqual(sent(3), []);
    } finally {
      stream.close();
    }
  });

  test('its key deleted while the stream was away (no 4003 reaches it): the token endpoint refuses, and the stream ends', async () => {
    const { client, apiKey } = await server.user('deletedaway');
    const told: string[] = [];
    const { Socket, all } = probes();
    const stream = new TxcStream({
      url: url(),
      WebSocket: Socket,
      tokens: client,
      pingIntervalMs: 300,
      onDisconnect: ({ code }) => told.push(`disconnect ${code}`),
      onReconnect: () => told.push('reconnect'),
      onError: (e) => told.push(TxcError.is(e) ? `error ${e.status}` : e.message),
    });
    try {
      await stream.connect();
      await stream.authorize();
      await stream.subscribe('lastprice', ['BTC_USDT'], () => undefined);
      all[0]?.ws.terminate();
      await eventually('the loss told', () => told.includes('disconnect 1006'));
      assert.equal((await server.admin('DELETE', `/admin/v1/api-keys/${apiKey}`)).status, 200);
      await eventually('the end told', () => told.includes('disconnect 4003'), 8000);
      // the cached token refused on socket 1, a fresh one refused by the token endpoint
      assert.deepEqual(
        all[1]?.sent.filter((f) => f.method !== 'ping').map((f) => f.method),
        ['authorize'],
      );
      assert.deepEqual(told, ['disconnect 1006', 'error 401', 'disconnect 4003']);
      await sleep(2500);
      assert.equal(all.length, 2, 'no socket opened again');
    } finally {
      stream.close();
    }
  });

  test('without reconnecting by itself, a connect() after a loss resolves once restored, and rejects with what failed', async () => {
    const { client, apiKey } = await server.user('manualrestore');
    const told: string[] = [];
    // socket 1 finds the cached token refused, as an expired one would be: its restore must fetch another
    const { Socket, all, sent } = probes({ outgoing: refusedTokenOn((index) => index === 1) });
    const stream = new TxcStream({
      url: url(),
      WebSocket: Socket,
      tokens: client,
      reconnect: false,
      pingIntervalMs: 300,
      onDisconnect: ({ code }) => told.push(`disconnect ${code}`),
      onReconnect: () => told.push('reconnect'),
      onError: (e) => told.push(e.message),
    });
    try {
      await stream.connect();
      await stream.authorize();
      await stream.subscribe('lastprice', ['BTC_USDT'], () => undefined);

      // the token endpoint failing for a moment: this connect() fails, the stream waits for another
      const fault = await server.admin('POST', '/admin/v1/faults', {
        type: 'error',
        routes: 'websocket-token',
        share: '1',
      });
      assert.equal(fault.status, 201, JSON.stringify(fault.body));
      all[0]?.ws.terminate();
      await eventually('the loss told', () => told.length === 1);
      await assert.rejects(stream.connect(), (e: unknown) => TxcError.is(e) && e.status === 503);
      assert.deepEqual(told, ['disconnect 1006']);
      assert.ok(!sent(1).some(([m]) => m === 'lastprice_subscribe'));

      await server.admin('DELETE', '/admin/v1/faults');
      await stream.connect();
      assert.ok(
        sent(2).some(([m]) => m === 'lastprice_subscribe'),
        'restored once connect() resolved',
      );
      assert.deepEqual(told, ['disconnect 1006', 'reconnect']);

      // the key deleted while the stream is away: connect() rejects with the refusal, and the stream ends
      all[2]?.ws.terminate();
      await eventually('the loss told', () => told.length === 3);
      assert.equal((await server.admin('DELETE', `/admin/v1/api-keys/${apiKey}`)).status, 200);
      await assert.rejects(stream.connect(), (e: unknown) => TxcError.is(e) && e.status === 401);
      assert.deepEqual(told, ['disconnect 1006', 'reconnect', 'disconnect 1006', 'disconnect 4003']);
    } finally {
      stream.close();
      await server.admin('DELETE', '/admin/v1/faults');
    }
  });

  test('a restore whose authorize fails slowly still backs off: the backoff restarts only after a restore', async (t) => {
    // each retry waits all of its step of the backoff: 1 s, then 2 s
    t.mock.method(Math, 'random', () => 0.999);
    const created: number[] = [];
    let failedAt = 0;
    let fetches = 0;
    const tokens = {
      websocketToken: async () => {
        if (fetches++ === 0) return maker.websocketToken();
        // a token endpoint that fails only after the socket has been up past the 5 s of a stable one
        await sleep(5500);
        failedAt = Date.now();
        throw new TxcError(503, { success: false, message: 'Service unavailable', result: null });
      },
    };
    const { Socket, all } = probes({
      url: (index) => void (created[index] = Date.now()),
      outgoing: refusedTokenOn((index) => index >= 1),
    });
    const stream = new TxcStream({ url: url(), WebSocket: Socket, tokens, pingIntervalMs: 300 });
    try {
      await stream.connect();
      await stream.authorize();
      all[0]?.ws.terminate();
      await eventually('a socket after the failed restore', () => all.length >= 3, 12_000);
      const waited = (created[2] ?? 0) - failedAt;
      assert.ok(waited >= 1500, `the second retry waited ${waited} ms`);
    } finally {
      stream.close();
    }
  });

  test('a reconnect that cannot fetch a token (the endpoint failing for a moment) tries again until the account channels are back', async () => {
    const { client } = await server.user('tokenfaults', { deposits: { USDT: '100' } });
    const told: string[] = [];
    const errors: Error[] = [];
    // socket 1 finds the cached token refused, as an expired one would be: its restore must fetch another
    const { Socket, all, sent } = probes({ outgoing: refusedTokenOn((index) => index === 1) });
    const stream = new TxcStream({
      url: url(),
      WebSocket: Socket,
      tokens: client,
      pingIntervalMs: 300,
      onError: (e) => errors.push(e),
      onDisconnect: () => told.push('disconnect'),
      onReconnect: () => told.push('reconnect'),
    });
    try {
      await stream.connect();
      await stream.authorize();
      const balances: unknown[] = [];
      await stream.subscribe('balanceSpot', ['USDT'], (update) => balances.push(update));
      const fault = await server.admin('POST', '/admin/v1/faults', {
        type: 'error',
        routes: 'websocket-token',
        share: '1',
        seconds: 2,
      });
      assert.equal(fault.status, 201, JSON.stringify(fault.body));
      all[0]?.ws.terminate();
      await eventually('the reconnect told', () => told.includes('reconnect'), 20_000);

      assert.deepEqual(told, ['disconnect', 'reconnect']);
      assert.ok(
        errors.some((e) => TxcError.is(e) && e.status === 503),
        errors.map((e) => e.message).join('; '),
      );
      assert.ok(!errors.some((e) => e instanceof TxcStreamError), errors.map((e) => e.message).join('; '));
      const last = all.length - 1;
      assert.ok(last >= 2, `${last} reconnects`);
      for (let index = 1; index < last; index++) {
        assert.ok(!sent(index).some(([m]) => m === 'balanceSpot_subscribe'), `socket ${index} subscribed unauthorized`);
      }
      assert.deepEqual(
        sent(last).map(([m]) => m),
        ['authorize', 'balanceSpot_subscribe'],
      );
      // the account channel is live again: a transfer into the spot account is pushed
      await client.transfer({ ticker: 'USDT', amount: '10', from: 'main', to: 'spot' });
      await eventually('a balanceSpot update', () => balances.length > 0);
    } finally {
      stream.close();
      await server.admin('DELETE', '/admin/v1/faults');
    }
  });

  test('a connection that drops as it opens is retried ever more slowly', async () => {
    const { Socket, all } = probes({ opened: (ws, index) => index >= 1 && ws.terminate() });
    const stream = new TxcStream({ url: url(), WebSocket: Socket, pingIntervalMs: 300 });
    await stream.connect();
    all[0]?.ws.terminate();
    await sleep(5000);
    stream.close();
    // 0.5–1 s, then 1–2 s, then 2–4 s: at most 3 retries in 5 s (without backoff, at least 5)
    assert.ok(all.length - 1 <= 3, `${all.length - 1} retries`);
    assert.ok(all.length - 1 >= 2, `${all.length - 1} retries`);
  });

  test('a ping left unanswered is a dead link: dropped and reconnected', async () => {
    const { Socket, sent } = probes({ incoming: (text, index) => !(index === 0 && text.includes('"pong"')) });
    const stream = new TxcStream({ url: url(), WebSocket: Socket, pingIntervalMs: 200, pongTimeoutMs: 600 });
    await stream.connect();
    await stream.subscribe('lastprice', ['BTC_USDT'], () => undefined);
    await eventually('a new socket resubscribed', () => sent(1).some(([m]) => m === 'lastprice_subscribe'), 4000);
    stream.close();
  });

  test('a restore and a user unsubscribe run in turn: the server keeps what the client does', async () => {
    const user: { b?: { unsubscribe(): Promise<void> }; unsubscribed?: Promise<void> } = {};
    const { Socket, all, sent } = probes({
      // the user unsubscribes B just as the restore has sent A (before its answer)
      outgoing: (frame, index) => {
        if (index === 1 && frame.method === 'candles_subscribe' && frame.params[0] === 'BTC_USDT')
          queueMicrotask(() => {
            user.unsubscribed = user.b?.unsubscribe();
          });
      },
    });
    const stream = new TxcStream({ url: url(), WebSocket: Socket, pingIntervalMs: 300 });
    await stream.connect();
    await stream.subscribe('candles', ['BTC_USDT', 60], () => undefined);
    user.b = await stream.subscribe('candles', ['ETH_USDT', 60], () => undefined);
    all[0]?.ws.terminate();
    await eventually('the user unsubscribed during the restore', () => user.unsubscribed !== undefined);
    await user.unsubscribed;
    assert.deepEqual(sent(1), [
      ['candles_subscribe', ['BTC_USDT', 60]],
      ['candles_subscribe', ['ETH_USDT', 60]],
      ['candles_unsubscribe', ['ETH_USDT']],
    ]);
    stream.close();
  });

  test('an unsubscribe waits for the subscribe still unanswered: it does not wipe it', async () => {
    const { Socket, sent } = probes();
    const stream = new TxcStream({ url: url(), WebSocket: Socket, pingIntervalMs: 300 });
    await stream.connect();
    const old = await stream.subscribe('trades', ['BTC_USDT'], () => undefined);
    const prices: string[] = [];
    const next = stream.subscribe('trades', ['ETH_USDT'], ([, list]) => prices.push(...list.map((t) => t.price)));
    await old.unsubscribe();
    await next;
    assert.deepEqual(
      sent(0).filter(([m]) => m === 'trades_unsubscribe'),
      [],
      'ETH_USDT replaced BTC_USDT: nothing to unsubscribe',
    );
    await trade('ETH_USDT', '3111');
    await eventually('the ETH subscription holds', () => prices.includes('3111'));
    stream.close();
  });

  test('a restore superseded by another reconnect stops: no duplicates, no extra token', async () => {
    let fetched = 0;
    const tokens = {
      websocketToken: async () => {
        // the fetches after the first outlast the next reconnect
        if (fetched++ > 0) await sleep(3000);
        return maker.websocketToken();
      },
    };
    // socket 1 refuses the cached token: its restore fetches another
    const { Socket, all, sent } = probes({ outgoing: refusedTokenOn((index) => index === 1) });
    const stream = new TxcStream({ url: url(), WebSocket: Socket, tokens, pingIntervalMs: 300 });
    await stream.connect();
    await stream.authorize();
    await stream.subscribe('lastprice', ['BTC_USDT'], () => undefined);
    all[0]?.ws.terminate();
    await eventually('restore 1 fetches a token', () => fetched === 2);
    all[1]?.ws.terminate();
    await eventually('restored on socket 2', () => sent(2).some(([m]) => m === 'lastprice_subscribe'), 10_000);
    await sleep(3500);
    assert.deepEqual(sent(2), [
      ['authorize', sent(2)[0]?.[1]],
      ['lastprice_subscribe', ['BTC_USDT']],
    ]);
    assert.equal(fetched, 2);
    stream.close();
  });

  test('a replaced handle gets nothing more; an equal subscribe takes the place of the earlier handle', async () => {
    const { Socket, sent } = probes();
    const stream = new TxcStream({ url: url(), WebSocket: Socket, pingIntervalMs: 300 });
    await stream.connect();
    const heard = { a1: [] as string[], b: [] as string[], a2: [] as string[] };
    const listen =
      (to: string[]) =>
      ([, list]: [string, StreamTrade[]]) =>
        to.push(...list.map((t) => t.price));
    await stream.subscribe('trades', ['BTC_USDT'], listen(heard.a1));
    const b = await stream.subscribe('trades', ['ETH_USDT'], listen(heard.b));
    const a2 = await stream.subscribe('trades', ['BTC_USDT'], listen(heard.a2));
    await trade('BTC_USDT', '51321');
    await eventually('the handle in effect hears', () => heard.a2.includes('51321'));
    await sleep(300);
    assert.ok(!heard.a1.includes('51321'), 'the first BTC handle was replaced');
    assert.equal(heard.a2.filter((p) => p === '51321').length, 1, 'once');
    await a2.unsubscribe();
    assert.deepEqual(sent(0).at(-1), ['trades_subscribe', ['ETH_USDT']]);
    await b.unsubscribe();
    // the first BTC handle, superseded by an equal one, does not come back
    assert.deepEqual(sent(0).at(-1), ['trades_unsubscribe', []]);
    stream.close();
  });

  test('a handle that comes back hears nothing of the subscription that had replaced it', async () => {
    // frames held back, as a slow network would: the replacing subscription's update reaches the
    // client only after it unsubscribed, and before the answer to the subscribe sent again
    const held: string[] = [];
    let holding = false;
    const { Socket, all, sent } = probes({
      incoming: (text) => {
        if (holding) held.push(text);
        return !holding;
      },
    });
    const stream = new TxcStream({ url: url(), WebSocket: Socket, pingIntervalMs: 300 });
    await stream.connect();
    type Depth = [boolean, unknown, string];
    const heard = { wide: [] as Depth[], narrow: [] as Depth[] };
    await stream.subscribe('depth', ['BTC_USDT', 50, '0'], (update) => heard.wide.push(update as Depth));
    const narrow = await stream.subscribe('depth', ['BTC_USDT', 5, '0'], (update) =>
      heard.narrow.push(update as Depth),
    );
    await eventually('the narrow snapshot', () => heard.narrow.length > 0);
    heard.wide.length = 0;
    holding = true;
    const moved = await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '50000' });
    await eventually('the narrow update, held', () => held.some((t) => t.includes('depth_update')));
    const gone = narrow.unsubscribe();
    const again = JSON.stringify(['depth_subscribe', ['BTC_USDT', 50, '0', true]]);
    await eventually('the wide subscribe sent again', () => JSON.stringify(sent(0).at(-1)) === again);
    await eventually('its answer and snapshot, held', () => held.filter((t) => t.includes('depth_update')).length >= 2);
    holding = false;
    for (const text of held.splice(0)) all[0]?.deliver(text);
    await gone;
    await sleep(200);
    assert.ok(heard.wide.length > 0, 'the wide handle hears again');
    assert.equal(heard.wide[0]?.[0], true, 'from its own snapshot on, not the narrow update before it');
    stream.close();
    await maker.orderCancel({ market: 'BTC_USDT', orderId: moved.orderId });
  });

  test('a subscription sent again and refused is dropped on both sides: its handle hears nothing of the one it was to replace', async () => {
    let refuse = false;
    const { Socket, sent } = probes({
      // the server refuses the subscribe sent again (an unknown market stands for any refusal)
      outgoing: (frame) => {
        if (refuse && frame.method === 'depth_subscribe') frame.params[0] = 'NOPE_USDT';
      },
    });
    const errors: Error[] = [];
    const stream = new TxcStream({
      url: url(),
      WebSocket: Socket,
      pingIntervalMs: 300,
      onError: (e) => errors.push(e),
    });
    try {
      await stream.connect();
      const wide: unknown[] = [];
      await stream.subscribe('depth', ['BTC_USDT', 50, '0'], (update) => wide.push(update));
      const narrow = await stream.subscribe('depth', ['BTC_USDT', 5, '0'], () => undefined);
      refuse = true;
      await narrow.unsubscribe();
      assert.equal((errors[0] as TxcStreamError | undefined)?.code, 1, 'the refusal is told');
      assert.deepEqual(sent(0).at(-1), ['depth_unsubscribe', ['BTC_USDT']]);
      wide.length = 0;
      const moved = await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '50000' });
      await sleep(400);
      await maker.orderCancel({ market: 'BTC_USDT', orderId: moved.orderId });
      assert.deepEqual(wide, [], 'nothing of the narrow subscription reaches the wide handle');
    } finally {
      stream.close();
    }
  });

  test('a connect() while the socket is closing refuses what was sent on it: nothing waits for an answer forever', async () => {
    const { Socket, all } = probes();
    const stream = new TxcStream({ url: url(), WebSocket: Socket, pingIntervalMs: 300 });
    await stream.connect();
    const asked = stream.request('ping').then(
      () => 'answered',
      () => 'refused',
    );
    all[0]?.ws.close();
    await stream.connect();
    const outcome = await Promise.race([asked, sleep(2000).then(() => 'still waiting')]);
    assert.equal(outcome, 'refused', 'its answer reaches a socket the stream has left');
    assert.equal(await stream.request('ping'), 'pong', 'the new socket serves');
    stream.close();
  });

  test('connect() on an open stream does nothing; close() then connect() starts afresh', async () => {
    const { Socket, all, sent } = probes();
    const stream = new TxcStream({ url: url(), WebSocket: Socket, tokens: maker, pingIntervalMs: 300 });
    await stream.connect();
    await stream.connect();
    assert.equal(all.length, 1, 'no second socket');
    await stream.authorize();
    await stream.subscribe('lastprice', ['BTC_USDT'], () => undefined);
    let heardBefore = 0;
    stream.on('lastprice', () => heardBefore++);
    stream.close();
    await stream.connect();
    assert.equal(all.length, 2);
    all[1]?.ws.terminate();
    await eventually('reconnected', () => all[2]?.ws.readyState === WebSocket.OPEN);
    await sleep(500);
    assert.deepEqual(sent(2), [], 'nothing from before close() comes back');
    const heard = heardBefore;
    let snapshots = 0;
    await stream.subscribe('lastprice', ['BTC_USDT'], () => snapshots++);
    await eventually('the new handle’s snapshot', () => snapshots === 1);
    assert.equal(heardBefore, heard, 'nor does a listener on() added before close()');
    stream.close();
  });

  test('a connect that fails leaves nothing running', async () => {
    const { Socket, all } = probes();
    const stream = new TxcStream({ url: 'ws://127.0.0.1:1/ws', WebSocket: Socket, pingIntervalMs: 100 });
    await assert.rejects(stream.connect());
    await sleep(1500);
    assert.equal(all.length, 1);
  });

  /** A stream on `Socket` following BTC_USDT's lastprice, its disconnects and reconnects told in order. */
  const toldLastprice = async (Socket: ReturnType<typeof probes>['Socket']) => {
    const told: string[] = [];
    const stream = new TxcStream({
      url: url(),
      WebSocket: Socket,
      pingIntervalMs: 300,
      onDisconnect: ({ code }) => told.push(`disconnect ${code}`),
      onReconnect: () => told.push('reconnect'),
    });
    await stream.connect();
    await stream.subscribe('lastprice', ['BTC_USDT'], () => undefined);
    return { stream, told };
  };

  test('a connect() during the backoff that fails too leaves the stream reconnecting', async () => {
    // socket 1, the connect() cut short, finds nobody; socket 2, the next try, serves
    const { Socket, all, sent } = probes({ url: (index) => (index === 1 ? 'ws://127.0.0.1:1/ws' : undefined) });
    const { stream, told } = await toldLastprice(Socket);
    all[0]?.ws.terminate();
    // the reconnect waits out its backoff (0.5 s at least) meanwhile
    await eventually('socket 0 closed', () => all[0]?.ws.readyState === WebSocket.CLOSED);
    await assert.rejects(stream.connect());
    await eventually('resubscribed on socket 2', () => sent(2).some(([m]) => m === 'lastprice_subscribe'), 5000);
    await eventually('the reconnect told', () => told.includes('reconnect'));
    assert.deepEqual(told, ['disconnect 1006', 'reconnect']);
    stream.close();
  });

  test('a connection lost again before the stream was restored is told once: one disconnect, one reconnect', async () => {
    // socket 1, the first reconnect, drops as it subscribes again; socket 2 restores the stream
    const { Socket, all, sent } = probes({
      outgoing: (frame, index) => {
        if (index === 1 && frame.method === 'lastprice_subscribe') all[1]?.ws.terminate();
      },
    });
    const { stream, told } = await toldLastprice(Socket);
    all[0]?.ws.terminate();
    await eventually('resubscribed on socket 2', () => sent(2).some(([m]) => m === 'lastprice_subscribe'), 10_000);
    await eventually('the reconnect told', () => told.includes('reconnect'));
    assert.deepEqual(told, ['disconnect 1006', 'reconnect']);
    // and the next loss, after that restore, is told again
    all[2]?.ws.terminate();
    await eventually('the second reconnect told', () => told.length === 4, 10_000);
    assert.deepEqual(told, ['disconnect 1006', 'reconnect', 'disconnect 1006', 'reconnect']);
    stream.close();
  });

  test('without reconnecting by itself, a connect() after a loss is told as the reconnect', async () => {
    const { Socket, all } = probes();
    const told: string[] = [];
    const stream = new TxcStream({
      url: url(),
      WebSocket: Socket,
      reconnect: false,
      onDisconnect: ({ code }) => told.push(`disconnect ${code}`),
      onReconnect: () => told.push('reconnect'),
    });
    await stream.connect();
    all[0]?.ws.terminate();
    await eventually('the loss told', () => told.length === 1);
    await stream.connect();
    await eventually('the reconnect told', () => told.length === 2);
    assert.deepEqual(told, ['disconnect 1006', 'reconnect']);
    stream.close();
  });

  test('a server that takes the connection and never answers: the attempt is given up and retried', async () => {
    const held: TcpSocket[] = [];
    const silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const silentUrl = `ws://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/ws`;
    try {
      const alone = new TxcStream({ url: silentUrl, WebSocket, connectTimeoutMs: 300 });
      await assert.rejects(alone.connect(), new RegExp(`${silentUrl} did not answer within 300 ms`));

      // socket 1, a reconnect, meets the silent server; the one after it reaches the venue again
      const { Socket, all, sent } = probes({ url: (index) => (index === 1 ? silentUrl : undefined) });
      const stream = new TxcStream({ url: url(), WebSocket: Socket, pingIntervalMs: 300, connectTimeoutMs: 300 });
      await stream.connect();
      await stream.subscribe('lastprice', ['BTC_USDT'], () => undefined);
      all[0]?.ws.terminate();
      await eventually('resubscribed on socket 2', () => sent(2).some(([m]) => m === 'lastprice_subscribe'), 5000);
      stream.close();
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
    }
  });

  test('an update callback that throws is told to onError; the other callbacks and later updates still arrive', async () => {
    const errors: Error[] = [];
    const stream = new TxcStream({ url: url(), WebSocket, pingIntervalMs: 300, onError: (e) => errors.push(e) });
    await stream.connect();
    let heard = 0;
    const listener = (update: UpdateOf<'trades'>): void => void (heard += update[1].length > 0 ? 1 : 0);
    stream.on('trades', listener);
    let calls = 0;
    await stream.subscribe('trades', ['ETH_USDT'], () => {
      calls++;
      if (calls === 1) throw new Error('a bug in the bot');
    });
    await eventually('the snapshot', () => calls === 1);
    await trade('ETH_USDT', '3001');
    await eventually('the next update', () => calls === 2);
    assert.deepEqual(
      errors.map((e) => e.message),
      ['a bug in the bot'],
    );
    assert.ok(heard >= 1);
    stream.off('trades', listener);
    const before = heard;
    await trade('ETH_USDT', '3002');
    await eventually('the update after', () => calls === 3);
    assert.equal(heard, before, 'off() removed the listener');
    stream.close();
  });

  test('authorize() before connect() fails at once, without fetching a token', async () => {
    const { tokens, fetched } = countingTokens();
    const stream = new TxcStream({ url: url(), WebSocket, tokens });
    await assert.rejects(stream.authorize(), /not connected \(authorize\)/);
    assert.equal(fetched(), 0);
  });

  test('a connect that fails says why', async () => {
    const stream = new TxcStream({ url: 'ws://127.0.0.1:1/ws', WebSocket });
    await assert.rejects(stream.connect(), /cannot connect to ws:\/\/127\.0\.0\.1:1\/ws: .*ECONNREFUSED/);
  });
});
