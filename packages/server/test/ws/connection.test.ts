import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { WebSocket } from 'ws';
import { websocketToken } from '@txc/sdk';
import { ManualClock } from '../support/manual-clock.js';
import { TestServer } from '../support/test-server.js';
import { fails } from '../support/trading.js';
import { WsTestClient } from '../support/ws-client.js';

const INVALID = { code: 1, message: 'invalid argument' };

/** The error of an answer, its message cut to the documented part (details follow a colon). */
function documented(error: { code: number; message: string } | null): { code: number; message: string } | null {
  return error === null ? null : { code: error.code, message: error.message.split(':')[0] as string };
}

describe('WebSocket connection: framing, service methods, authorize', () => {
  let server: TestServer;
  const clock = new ManualClock();

  before(async () => {
    server = await TestServer.start({}, undefined, { clock });
  });
  after(async () => {
    await server.stop();
  });

  test('ping answers the string "pong" and time whole Unix seconds, ids echoed verbatim', async () => {
    const ws = await WsTestClient.connect(server.url);
    await ws.request('ping', [], 0);
    assert.equal(ws.texts[0], '{"id":0,"result":"pong","error":null}');
    // whole seconds: real time crossing one between the answer and the check would put them one apart
    await clock.standingStill(async () => {
      const time = await ws.request('time', [], 1717000000123);
      assert.equal(time.id, 1717000000123);
      assert.ok(Number.isInteger(time.result));
      assert.equal(time.result, Math.floor(clock.nowMs() / 1000));
    });
    // an id beyond 2^53 comes back digit for digit
    ws.sendText('{"id":18446744073709551615,"method":"ping","params":[]}');
    await ws.waitFor((f) => f.result === 'pong' && f.id !== 0);
    assert.equal(ws.texts.at(-1), '{"id":18446744073709551615,"result":"pong","error":null}');
    // the frame's own id, whatever an object in its params names
    ws.sendText('{"method":"ping","params":[{"id":7}],"id":12345678901234567890}');
    await ws.waitFor((f) => f.result === 'pong');
    assert.equal(ws.texts.at(-1), '{"id":12345678901234567890,"result":"pong","error":null}');
    // an integer written with an exponent is one, echoed as written
    ws.sendText('{"id":1e2,"method":"ping","params":[]}');
    await ws.waitFor((f) => f.result === 'pong' && f.id === 100);
    assert.equal(ws.texts.at(-1), '{"id":1e2,"result":"pong","error":null}');
    // a fraction is refused, and so is a missing or null id (its answer could be matched to nothing)
    for (const id of ['"id":1.5,', '"id":1.0000000000000001,', '"id":null,', '']) {
      const before = ws.texts.length;
      ws.sendText(`{${id}"method":"ping","params":[]}`);
      await ws.waitFor(() => ws.texts.length > before);
      assert.equal(
        ws.texts.at(-1),
        '{"id":null,"result":null,"error":{"code":1,"message":"invalid argument: id must be an integer"}}',
      );
    }
    // a repeated id is answered again
    assert.equal((await ws.request('ping', [], 0)).result, 'pong');
    await ws.close();
  });

  test('an unknown method is code 4; bad params are code 1 naming the parameter', async () => {
    const ws = await WsTestClient.connect(server.url);
    const unknown = await ws.request('candles_teleport', []);
    assert.deepEqual(unknown.error, { code: 4, message: 'method not found' });
    assert.equal(unknown.result, null);
    for (const [method, params] of [
      ['trades_subscribe', ['NOPE_USDT']],
      ['trades_subscribe', [42]],
      ['trades_request', ['BTC_USDT', 101, 0]],
      ['trades_request', ['BTC_USDT', 'ten', 0]],
      ['trades_request', ['BTC_USDT', 10, -1]],
      ['trades_unsubscribe', ['BTC_USDT']],
      ['lastprice_subscribe', []],
      ['lastprice_request', ['BTC_USDT', 'extra']],
      ['authorize', [12]],
    ] as const) {
      const answer = await ws.request(method, [...params]);
      assert.deepEqual(documented(answer.error), INVALID, `${method} ${JSON.stringify(params)}`);
      assert.match(answer.error?.message ?? '', /^invalid argument: .+/);
    }
    // the sources disagree on a per-market unsubscribe (websocket spec §11): the answer says there is none
    assert.equal(
      (await ws.request('trades_unsubscribe', ['BTC_USDT'])).error?.message,
      'invalid argument: takes no params: it ends the whole subscription',
    );
    assert.equal(
      (await ws.request('lastprice_request', ['BTC_USDT', 'extra'])).error?.message,
      'invalid argument: at most 1 param',
    );
    await ws.close();
  });

  test('JSON that is not a request is answered code 1; params must be an array', async () => {
    const ws = await WsTestClient.connect(server.url);
    ws.sendText('[1,2]');
    assert.deepEqual(documented((await ws.waitFor((f) => f.error !== undefined)).error as never), INVALID);
    ws.sendText('{"id":5,"method":"ping","params":{"a":1}}');
    const answer = await ws.waitFor((f) => f.id === 5);
    assert.deepEqual(documented(answer.error as never), INVALID);
    ws.sendText('{"id":6.5,"method":"ping","params":[]}');
    const fractional = await ws.waitFor((f) => f.id === null && f.error !== undefined);
    assert.deepEqual(documented(fractional.error as never), INVALID);
    // params left out or null are not read as none: a null would subscribe to every market
    for (const [id, text] of [
      [7, '{"id":7,"method":"ping"}'],
      [8, '{"id":8,"method":"trades_subscribe","params":null}'],
    ] as const) {
      ws.sendText(text);
      const missing = await ws.waitFor((f) => f.id === id);
      assert.deepEqual(documented(missing.error as never), INVALID, text);
      assert.match((missing.error as { message: string }).message, /params must be an array/);
    }
    // a key given twice is refused, as in an HTTP body: which one was meant is not known
    ws.sendText('{"id":9,"id":10,"method":"ping","params":[]}');
    const twice = await ws.waitFor((f) => f.error !== undefined);
    assert.equal(twice.id, null);
    assert.deepEqual(documented(twice.error as never), INVALID);
    // past a limit, a request whose id is plain is answered with it
    ws.sendText(`{"id":11,"method":"ping","params":["${'x'.repeat(5000)}"]}`);
    const long = await ws.waitFor((f) => f.id === 11);
    assert.deepEqual(documented(long.error as never), INVALID);
    assert.match((long.error as { message: string }).message, /4096/);
    // and no trades_update came of the refused subscribe
    assert.ok(!ws.texts.some((t) => t.includes('trades_update')));
    await ws.close();
  });

  test('text that is not JSON closes the socket (1003), with no error frame', async () => {
    const ws = await WsTestClient.connect(server.url);
    ws.sendText('{"id":1,"method":"ping"');
    assert.equal((await ws.closed).code, 1003);
    assert.deepEqual(ws.texts, []);
  });

  test('text past a JSON limit that is no JSON either closes the socket (1003), as any text that is not JSON', async () => {
    const ws = await WsTestClient.connect(server.url);
    ws.sendText('['.repeat(100));
    assert.equal((await ws.closed).code, 1003);
    assert.deepEqual(ws.texts, []);
  });

  test('a binary frame closes the socket (1003)', async () => {
    const ws = await WsTestClient.connect(server.url);
    ws.socket.send(Buffer.from(JSON.stringify({ id: 1, method: 'ping', params: [] })), { binary: true });
    assert.equal((await ws.closed).code, 1003);
  });

  test('a 1 MB frame closes the socket (1009); the server keeps answering others', async () => {
    const other = await WsTestClient.connect(server.url);
    const ws = await WsTestClient.connect(server.url);
    ws.sendText(JSON.stringify({ id: 1, method: 'ping', params: ['x'.repeat(1024 * 1024)] }));
    assert.equal((await ws.closed).code, 1009);
    assert.equal((await other.request('ping')).result, 'pong');
    await other.close();
  });

  test('the token endpoint answers the one field, signed, for keys with trading permission', async () => {
    const { client } = await server.user('tokenholder');
    const body = await client.websocketToken();
    assert.deepEqual(Object.keys(body), ['websocket_token']);
    assert.equal(typeof body.websocket_token, 'string');
    const { client: reader } = await server.user('reader', { permissions: ['main-account'] });
    await assert.rejects(reader.websocketToken(), (e: { status: number }) => e.status === 403);
  });

  test('the token endpoint has its own limit: 10 per 60 s per key', async () => {
    const { client } = await server.user('eager');
    for (let i = 0; i < websocketToken.rateLimit.limit; i++) await client.websocketToken();
    await fails(client.websocketToken(), 429, { code: 0, message: 'Too many requests.', errors: {} });
  });

  test('authorize with a fresh token succeeds; a wrong, expired or revoked token is code 1', async () => {
    const { client, apiKey } = await server.user('authorizer');
    const ws = await WsTestClient.connect(server.url);
    const wrong = await ws.request('authorize', ['not-a-token', 'public']);
    assert.deepEqual(documented(wrong.error), INVALID);
    const { websocket_token: token } = await client.websocketToken();
    const scope = await ws.request('authorize', [token, 'private']);
    assert.deepEqual(documented(scope.error), INVALID);
    const ok = await ws.request('authorize', [token, 'public']);
    assert.equal(ws.texts.at(-1), `{"id":${ok.id as number},"result":{"status":"success"},"error":null}`);

    // 15 minutes later the same token no longer authorizes
    const { websocket_token: stale } = await client.websocketToken();
    clock.advance(15 * 60_000 + 1000);
    const later = await WsTestClient.connect(server.url);
    assert.deepEqual(documented((await later.request('authorize', [stale, 'public'])).error), INVALID);

    // a revoked key's fresh token does not either, and its authorized socket is closed (4003)
    const { websocket_token: fresh } = await client.websocketToken();
    assert.equal((await later.request('authorize', [fresh, 'public'])).error, null);
    const revoked = await server.admin('DELETE', `/admin/v1/api-keys/${apiKey}`);
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    assert.equal((await later.closed).code, 4003);
    assert.equal((await ws.closed).code, 4003);
    const third = await WsTestClient.connect(server.url);
    assert.deepEqual(documented((await third.request('authorize', [fresh, 'public'])).error), INVALID);
    await third.close();
  });

  test("authorize again: the same user's token rebinds, another user's token is refused", async () => {
    const { client: first } = await server.user('rebinder');
    const { client: second } = await server.user('intruder');
    const ws = await WsTestClient.connect(server.url);
    assert.equal(
      (await ws.request('authorize', [(await first.websocketToken()).websocket_token, 'public'])).error,
      null,
    );
    assert.equal(
      (await ws.request('authorize', [(await first.websocketToken()).websocket_token, 'public'])).error,
      null,
    );
    const other = await ws.request('authorize', [(await second.websocketToken()).websocket_token, 'public']);
    assert.deepEqual(documented(other.error), INVALID);
    await ws.close();
  });

  test('every private method answers code 6 before authorize', async () => {
    const ws = await WsTestClient.connect(server.url);
    const methods = server.server.app.streams.privateMethodNames();
    assert.ok(methods.length > 0, 'the account channels are registered');
    for (const method of methods) {
      const answer = await ws.request(method, []);
      assert.deepEqual(answer.error, { code: 6, message: 'require authentication' }, method);
    }
    await ws.close();
  });

  test('a plain HTTP request to /ws is answered in the public error family', async () => {
    const response = await fetch(`${server.url}/ws`);
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), {
      success: false,
      message: 'Connect with a WebSocket client (Upgrade: websocket).',
      params: [],
    });
  });

  test('an upgrade on another path is not the API', async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/v4/public/ping`);
    const code = await new Promise<number>((resolve) => {
      socket.on('close', (c) => resolve(c));
      socket.on('error', () => resolve(-1));
    });
    assert.notEqual(code, 1000);
  });
});

describe('WebSocket connection: shutdown', () => {
  test('stopping the server closes every socket with 1001', async () => {
    const server = await TestServer.start();
    const a = await WsTestClient.connect(server.url);
    const b = await WsTestClient.connect(server.url);
    await a.call('trades_subscribe', []);
    const stopping = server.stop();
    assert.equal((await a.closed).code, 1001);
    assert.equal((await b.closed).code, 1001);
    await stopping;
  });
});
