import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { TxcClient } from '../src/client.js';
import { tradeBalance } from '../src/contract/endpoints/index.js';
import { renderError } from '../src/errors/render-error.js';
import { TxcError } from '../src/errors/txc-error.js';
import { TxcNetworkError } from '../src/errors/txc-network-error.js';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/**
 * A real HTTP server whose answer each test sets: the transport's timeouts, network failures and
 * headers, which a txc server does not produce on demand.
 */
class Scripted {
  handler: Handler = (_request, _body, response) => response.end('[]');
  readonly server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => this.handler(request, body, response));
  });

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
}

describe('the REST transport: no answer, headers, numbers', () => {
  const scripted = new Scripted();
  let client: TxcClient;

  before(async () => {
    await new Promise<void>((resolve) => scripted.server.listen(0, '127.0.0.1', resolve));
    client = new TxcClient({ baseUrl: scripted.url, apiKey: 'key', apiSecret: 'secret', timeoutMs: 300 });
  });
  after(async () => {
    scripted.server.closeAllConnections();
    await new Promise((resolve) => scripted.server.close(resolve));
  });

  it('an answer that does not come in time is a TxcNetworkError, not an API refusal', async () => {
    scripted.handler = () => undefined; // never answers
    const started = Date.now();
    const error = await client.tradeBalances().catch((e: unknown) => e);
    assert.ok(TxcNetworkError.is(error, 'timeout'), String(error));
    assert.equal(TxcError.is(error), false);
    assert.equal(error.request, 'POST /api/v4/trade-account/balance');
    const waited = Date.now() - started;
    assert.ok(waited >= 250 && waited < 5000, `${waited} ms`);
  });

  it('a body that stops half way is no answer either', async () => {
    scripted.handler = (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"USDT":');
      setTimeout(() => response.destroy(), 20);
    };
    const error = await client.markets().catch((e: unknown) => e);
    assert.ok(TxcNetworkError.is(error, 'failed'), String(error));
  });

  it("a call's signal gives it up: aborted, whether before or while it waits", async () => {
    scripted.handler = () => undefined;
    const patient = new TxcClient({ baseUrl: scripted.url, apiKey: 'key', apiSecret: 'secret', timeoutMs: Infinity });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('the bot moved on')), 50);
    const error = await patient.call(tradeBalance, {}, { signal: controller.signal }).catch((e: unknown) => e);
    assert.ok(TxcNetworkError.is(error, 'aborted'), String(error));
    assert.equal((error.cause as Error).message, 'the bot moved on');
    const already = await patient.markets({}, { signal: AbortSignal.abort() }).catch((e: unknown) => e);
    assert.ok(TxcNetworkError.is(already, 'aborted'), String(already));
  });

  it('a server out of reach is a TxcNetworkError naming why', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await new TxcClient({ baseUrl: `http://127.0.0.1:${port}` }).ping().catch((e: unknown) => e);
    assert.ok(TxcNetworkError.is(error, 'failed'), String(error));
    assert.match(error.message, /^GET \/api\/v4\/public\/ping: no answer \(.*ECONNREFUSED.*\)$/);
    assert.ok(error.cause instanceof TypeError);
  });

  it("a fetch of the caller's own keeps its errors; its TypeError is fetch's network error", async () => {
    class Offline extends Error {}
    const own = new TxcClient({ baseUrl: scripted.url, fetch: () => Promise.reject(new Offline('offline')) });
    await assert.rejects(own.ping(), Offline);
    const failing = new TxcClient({
      baseUrl: scripted.url,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await assert.rejects(failing.ping(), (e: unknown) => TxcNetworkError.is(e, 'failed'));
  });

  it('refuses a baseUrl that is no http(s) URL at construction, rather than failing each call as unanswered', () => {
    for (const baseUrl of ['127.0.0.1:8080', 'localhost:8080', '/api', '', 'ws://127.0.0.1:8080']) {
      assert.throws(() => new TxcClient({ baseUrl }), /baseUrl must be an http:\/\/ or https:\/\/ URL/, baseUrl);
    }
    assert.throws(() => new TxcClient({ baseUrl: '127.0.0.1:8080' }), TypeError);
    for (const baseUrl of ['http://127.0.0.1:8080', 'https://txc.example/', 'http://[::1]:8080//']) {
      assert.doesNotThrow(() => new TxcClient({ baseUrl }), baseUrl);
    }
  });

  it('refuses a timeout that is no duration', () => {
    assert.throws(() => new TxcClient({ baseUrl: scripted.url, timeoutMs: 0 }), RangeError);
    assert.throws(() => new TxcClient({ baseUrl: scripted.url, timeoutMs: Number.NaN }), RangeError);
  });

  it('an error answer keeps its headers: Retry-After says how long to wait', async () => {
    const { status, body } = renderError('privateRateLimited');
    scripted.handler = (_request, _body, response) => {
      response.writeHead(status, { 'content-type': 'application/json', 'Retry-After': '3' });
      response.end(JSON.stringify(body));
    };
    const error = await client.tradeBalances().catch((e: unknown) => e);
    assert.ok(TxcError.is(error, 'privateRateLimited'), String(error));
    assert.equal(error.headers['retry-after'], '3');
    assert.equal(error.retryAfterMs, 3000);

    const at = new Date(Date.now() + 10_000).toUTCString();
    scripted.handler = (_request, _body, response) => {
      response.writeHead(503, { 'content-type': 'text/html', 'retry-after': at });
      response.end('<html>down</html>');
    };
    const down = await client.markets().catch((e: unknown) => e);
    assert.ok(TxcError.is(down), String(down));
    assert.ok(down.retryAfterMs !== undefined && down.retryAfterMs > 5000 && down.retryAfterMs <= 10_000);
  });

  it('numbers go out in plain decimal notation, in bodies and queries', async () => {
    const seen: { url: string; body: string }[] = [];
    scripted.handler = (request, body, response) => {
      seen.push({ url: request.url ?? '', body });
      response.end('[]');
    };
    await client.transfer({ ticker: 'BTC', amount: 5e-8, from: 'main', to: 'spot' });
    await client.publicGet('/api/v4/public/orderbook/BTC_USDT', { limit: 1e21 });
    assert.match(seen[0]?.body ?? '', /"amount":0\.00000005[,}]/);
    assert.equal(seen[1]?.url, '/api/v4/public/orderbook/BTC_USDT?limit=1000000000000000000000');
  });
});
