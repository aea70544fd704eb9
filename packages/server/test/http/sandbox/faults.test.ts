import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { whitebitAt } from '../../support/ccxt-whitebit.js';
import { TestServer } from '../../support/test-server.js';
import { trader } from '../../support/trading.js';
import { WsTestClient } from '../../support/ws-client.js';

async function metric(server: TestServer, line: RegExp): Promise<number> {
  const text = await (
    await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.adminToken}` } })
  ).text();
  const found = text.split('\n').find((l) => line.test(l));
  return found === undefined ? 0 : Number(found.split(' ').at(-1));
}

describe('faults on demand: refused outside a sandbox', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start();
  });
  after(() => server.stop());

  it('without --demo or --allow-faults a rule is refused (409) and none holds', async () => {
    const r = await server.admin('POST', '/admin/v1/faults', { type: 'error', routes: 'order', share: '1' });
    assert.equal(r.status, 409);
    assert.match(JSON.stringify(r.body), /--allow-faults/);
    assert.deepEqual((await server.admin('GET', '/admin/v1/faults')).body, []);
  });
});

describe('faults on demand (--allow-faults)', () => {
  let server: TestServer;
  let alice: TxcClient;

  before(async () => {
    server = await TestServer.start({ allowFaults: true });
    alice = await trader(server, 'alice', { USDT: '100000', BTC: '1' });
  });
  after(() => server.stop());

  const add = async (rule: Record<string, unknown>): Promise<{ id: number }> => {
    const r = await server.admin('POST', '/admin/v1/faults', rule);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body as { id: number };
  };
  const clear = async (): Promise<void> => {
    assert.equal((await server.admin('DELETE', '/admin/v1/faults')).status, 200);
  };

  it('each bad rule is a 400 naming its fault', async () => {
    const cases: [unknown, RegExp][] = [
      [{ type: 'flood' }, /type must be one of latency, error, closeSockets, pauseStream, haltMarket/],
      // names of Object's prototype are no types either
      [{ type: 'constructor' }, /type must be one of latency, error/],
      [{ type: 'toString' }, /type must be one of latency, error/],
      [{ type: '__proto__' }, /type must be one of latency, error/],
      [{ type: 'error', share: '1', colour: 'red' }, /Unknown field colour/],
      [{ type: 'error', share: '1.5' }, /share must be a decimal above 0 and at most 1/],
      [{ type: 'error', share: '0' }, /share must be/],
      [{ type: 'error', share: '0.5', status: 500 }, /status must be 503 or 429/],
      [{ type: 'error', share: '0.5', routes: ['order', 'nowhere'] }, /routes must be one or a list of: all, public/],
      [{ type: 'latency', ms: 0 }, /ms must be an integer from 1 to 9000/],
      // a request waiting longer would have its connection closed unanswered (the request timeout, 10 s)
      [{ type: 'latency', ms: 9_001 }, /ms must be an integer from 1 to 9000/],
      [{ type: 'latency', ms: 10, seconds: 1.5 }, /seconds must be an integer/],
      [{ type: 'pauseStream', channel: 'trades' }, /seconds must be an integer/],
      [{ type: 'pauseStream', channel: 'gossip', seconds: 5 }, /Unknown channel gossip/],
      [{ type: 'haltMarket', market: 'DOGE_USDT' }, /Unknown market DOGE_USDT/],
      ['error', /JSON object/],
    ];
    for (const [body, message] of cases) {
      const r = await server.admin('POST', '/admin/v1/faults', body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.match((r.body as { error: string }).error, message);
    }
    assert.deepEqual((await server.admin('GET', '/admin/v1/faults')).body, []);
  });

  it('error 503 on a route group: the gateway’s maintenance page, nothing applied; other groups and the admin API untouched', async () => {
    const before = await alice.tradeBalance('USDT');
    const rule = await add({ type: 'error', routes: 'order', share: '1', seconds: 600 });
    assert.deepEqual(
      (await server.admin('GET', '/admin/v1/faults')).body,
      [{ ...rule }],
      'the rule is listed as it was answered',
    );
    const refused = await fetchOrder(server, alice);
    assert.equal(refused.status, 503);
    assert.match(String(refused.body), /<title>503 Service Temporarily Unavailable<\/title>/);
    assert.deepEqual(await alice.tradeBalance('USDT'), before, 'nothing held');
    assert.deepEqual(await alice.activeOrders({ market: 'BTC_USDT' }), []);
    assert.equal((await fetch(`${server.url}/api/v4/public/ping`)).status, 200);
    assert.ok((await metric(server, /^txc_faults_injected_total\{type="error"\}/)) >= 1);
    assert.deepEqual((await server.admin('DELETE', `/admin/v1/faults/${rule.id}`)).body, { cleared: 1 });
    assert.equal((await server.admin('DELETE', `/admin/v1/faults/${rule.id}`)).status, 404);
    await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30000' });
    await alice.orderCancelAll({ market: 'BTC_USDT' });
  });

  it('an error rule answers its share as a decimal string, in canonical form, when set and when listed', async () => {
    for (const [sent, shown] of [
      ['0.300', '0.3'],
      ['1.0', '1'],
      ['0.000001', '0.000001'],
      [0.25, '0.25'],
    ] as const) {
      const r = await server.admin('POST', '/admin/v1/faults', { type: 'error', routes: 'mining', share: sent });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      assert.equal((r.body as { share: unknown }).share, shown);
      const listed = (await server.admin('GET', '/admin/v1/faults')).body as { share: unknown }[];
      assert.deepEqual(
        listed.map((rule) => rule.share),
        [shown],
      );
      await clear();
    }
  });

  it('error 429 answers the throttle of the endpoint’s family; public routes answer the public bodies', async () => {
    await add({ type: 'error', routes: ['order', 'public'], share: '1', status: 429 });
    const order = await fetchOrder(server, alice);
    assert.equal(order.status, 429);
    assert.equal((order.body as { code: number }).code, 0);
    const ping = await fetch(`${server.url}/api/v4/public/ping`);
    assert.equal(ping.status, 429);
    await clear();
    const market = await fetch(`${server.url}/api/v4/public/markets`);
    assert.equal(market.status, 200);
  });

  it('ccxt with its retry settings survives a 30 % 503 rule and places each order once', async () => {
    const { apiKey, apiSecret } = await server.user('bot', { deposits: { USDT: '100000' } });
    const exchange = whitebitAt(server, { apiKey, secret: apiSecret }, { maxRetriesOnFailure: 20 });
    await exchange.transfer('USDT', 50000, 'main', 'spot');
    await exchange.loadMarkets();
    const refusedBefore = await metric(server, /^txc_faults_injected_total\{type="error"\}/);
    await add({ type: 'error', routes: 'all', share: '0.3' });
    for (let i = 0; i < 20; i++) {
      await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 20000 + i, { clientOrderId: `bot-${i}` });
    }
    await clear();
    const open = await exchange.fetchOpenOrders('BTC/USDT');
    assert.deepEqual(open.map((o) => o.clientOrderId).sort(), Array.from({ length: 20 }, (_, i) => `bot-${i}`).sort());
    assert.ok(
      (await metric(server, /^txc_faults_injected_total\{type="error"\}/)) > refusedBefore,
      'some were refused',
    );
  });

  it('latency: requests of the group wait at least the delay; random draws stay within it', async () => {
    await add({ type: 'latency', routes: 'public', ms: 300 });
    const started = performance.now();
    assert.equal((await fetch(`${server.url}/api/v4/public/time`)).status, 200);
    assert.ok(performance.now() - started >= 295, 'delayed');
    await clear();
    await add({ type: 'latency', routes: 'public', ms: 50, random: true });
    assert.equal((await fetch(`${server.url}/api/v4/public/time`)).status, 200);
    await clear();
  });

  it('haltMarket: orders on that market are refused as on a closed market and change nothing; cancels work', async () => {
    const resting = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30000' });
    const hash = (await server.admin('GET', '/admin/v1/state')).body as { seq: number; hash: string };
    await add({ type: 'haltMarket', market: 'BTC_USDT', seconds: 600 });
    const refused = await fetchOrder(server, alice);
    assert.equal(refused.status, 422);
    assert.deepEqual((refused.body as { errors: unknown }).errors, { market: ['Market is not available.'] });
    assert.deepEqual((await server.admin('GET', '/admin/v1/state')).body, hash, 'nothing applied or journaled');
    await alice.orderNew({ market: 'ETH_USDT', side: 'buy', amount: '0.01', price: '1000' });
    await alice.orderCancel({ market: 'BTC_USDT', orderId: resting.orderId });
    await clear();
    await alice.orderCancelAll({ market: 'ETH_USDT' });
  });

  it('pauseStream: counted once a pause, no updates while paused, then a fresh snapshot to each follower', async () => {
    const maker = await trader(server, 'maker', { BTC: '1', USDT: '100000' });
    const ws = await WsTestClient.connect(server.url);
    await ws.call('trades_subscribe', ['BTC_USDT']);
    await ws.nextPush('trades_update');
    const pausesBefore = await metric(server, /^txc_faults_injected_total\{type="pauseStream"\}/);
    // long enough to outlast the steps however slow they are; it ends when cleared (the next test lets one end by itself)
    const rule = await add({ type: 'pauseStream', channel: 'trades', seconds: 600 });
    // a second rule on a paused channel is no second pause
    const again = await add({ type: 'pauseStream', channel: 'trades', seconds: 600 });
    assert.equal(await metric(server, /^txc_faults_injected_total\{type="pauseStream"\}/), pausesBefore + 1);
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '40000' });
    await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '40000' });
    await ws.sync();
    assert.equal(ws.pushes('trades_update').length, 1, 'the trade is not pushed while paused');
    assert.deepEqual((await server.admin('DELETE', `/admin/v1/faults/${again.id}`)).body, { cleared: 1 });
    assert.deepEqual((await server.admin('DELETE', `/admin/v1/faults/${rule.id}`)).body, { cleared: 1 });
    // the follower gets the latest trades again
    const resumed = await ws.nextPush('trades_update');
    const [market, trades] = resumed.params as [string, { price: string }[]];
    assert.equal(market, 'BTC_USDT');
    assert.equal(trades[0]?.price, '40000');
    assert.deepEqual((await server.admin('GET', '/admin/v1/faults')).body, []);
    await ws.close();
  });

  it('pauseStream: a follower resumes with what it holds after unsubscribing one market of bookTicker []', async () => {
    const ws = await WsTestClient.connect(server.url);
    await ws.call('bookTicker_subscribe', []);
    await ws.call('bookTicker_unsubscribe', ['BTC_USDT']);
    await ws.sync();
    const before = ws.pushes('bookTicker_update').length;
    // waited for from before the rule is set: a slow answer to the set cannot let the push come unheard
    const resumed = ws.waitFor((f) => f.method === 'bookTicker_update');
    await add({ type: 'pauseStream', channel: 'bookTicker', seconds: 1 });
    // the rule ends by itself after its second: a fresh snapshot of every market still followed
    await resumed;
    assert.deepEqual((await server.admin('GET', '/admin/v1/faults')).body, []);
    await ws.sync();
    const markets = ws
      .pushes('bookTicker_update')
      .slice(before)
      .map((p) => (p.params as unknown[][])[0]?.[2]);
    assert.ok(markets.includes('ETH_USDT'), markets.join(', '));
    assert.ok(!markets.includes('BTC_USDT'), 'the market it left stays left');
    await ws.close();
  });

  it('closeSockets: each socket closes (1012) that long after it opened; none after the rule is cleared', async () => {
    const old = await WsTestClient.connect(server.url);
    await add({ type: 'closeSockets', afterSeconds: 0 });
    assert.equal((await old.closed).code, 1012);
    const fresh = await WsTestClient.connect(server.url);
    assert.equal((await fresh.closed).code, 1012);
    assert.ok((await metric(server, /^txc_faults_injected_total\{type="closeSockets"\}/)) >= 2);
    await clear();
    const kept = await WsTestClient.connect(server.url);
    assert.deepEqual(await kept.call('ping'), 'pong');
    await kept.close();
  });
});

/** `order/new` of a small buy: the status and body of its answer, refused or not. */
async function fetchOrder(server: TestServer, client: TxcClient): Promise<{ status: number; body: unknown }> {
  try {
    await client.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30000' });
    return { status: 200, body: null };
  } catch (e) {
    const error = e as { status?: number; body?: unknown };
    return { status: error.status ?? 0, body: error.body };
  }
}
