import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { PUSH_BURST } from '../../src/ws/push-pacing.js';
import { TestServer, websocketSettings } from '../support/test-server.js';
import { trader } from '../support/trading.js';
import { WsTestClient, type Push } from '../support/ws-client.js';

interface TradeObject {
  id: number;
  time: number;
  price: string;
  amount: string;
  type: string;
  rpi: boolean;
}

/** The raw text of a trade's time as the frame spells it. */
function timeTexts(text: string): string[] {
  return [...text.matchAll(/"time":([0-9.]+)/g)].map((m) => m[1] as string);
}

describe('WebSocket trades and lastprice', () => {
  let server: TestServer;
  let maker: TxcClient;
  let taker: TxcClient;

  before(async () => {
    server = await TestServer.start();
    maker = await trader(server, 'maker', { BTC: '10', USDT: '1000000' });
    taker = await trader(server, 'taker', { BTC: '10', USDT: '1000000' });
  });
  after(async () => {
    await server.stop();
  });

  /** A sell resting at `price` taken by a buy of the same amount: one trade. */
  async function cross(price: string, amount: string): Promise<void> {
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount, price });
    await taker.orderNew({ market: 'BTC_USDT', side: 'buy', amount, price });
  }

  test('subscribe: the snapshot of the latest trades, then each trade as it is committed', async () => {
    await cross('50000', '0.01');
    const ws = await WsTestClient.connect(server.url);
    await ws.call('trades_subscribe', ['BTC_USDT']);
    const snapshot = await ws.nextPush('trades_update');
    const [market, trades] = snapshot.params as [string, TradeObject[]];
    assert.equal(market, 'BTC_USDT');
    assert.equal(trades.length, 1);
    const [first] = trades as [TradeObject];
    assert.deepEqual(Object.keys(first), ['id', 'time', 'price', 'amount', 'type', 'rpi']);
    assert.deepEqual(
      { ...first, id: 0, time: 0 },
      { id: 0, time: 0, price: '50000', amount: '0.01', type: 'buy', rpi: false },
    );
    assert.ok(Number.isInteger(first.id));
    // seconds with the microseconds written exactly
    assert.match(timeTexts(ws.texts.at(-1) as string)[0] as string, /^[0-9]{10}(\.[0-9]{1,6})?$/);

    await cross('50100', '0.02');
    const update = await ws.nextPush('trades_update');
    const [, live] = update.params as [string, TradeObject[]];
    assert.equal(live.length, 1);
    assert.equal(live[0]?.price, '50100');
    assert.equal(live[0]?.amount, '0.02');
    assert.ok((live[0]?.id ?? 0) > first.id);
    await ws.close();
  });

  test('trades_request pages by trade id, newest first, at most limit', async () => {
    const ws = await WsTestClient.connect(server.url);
    const latest = (await ws.call('trades_request', ['BTC_USDT', 100, 0])) as TradeObject[];
    assert.ok(latest.length >= 2);
    assert.ok((latest[0]?.id ?? 0) > (latest[1]?.id ?? 0));
    const one = (await ws.call('trades_request', ['BTC_USDT', 1, 0])) as TradeObject[];
    assert.deepEqual(one, latest.slice(0, 1));
    const older = (await ws.call('trades_request', ['BTC_USDT', 100, latest[1]?.id])) as TradeObject[];
    assert.deepEqual(older, latest.slice(1));
    await ws.close();
  });

  test('[] follows every market; a resubscribe replaces the set and replays the snapshot', async () => {
    const ws = await WsTestClient.connect(server.url);
    await ws.call('trades_subscribe', []);
    const snap = await ws.nextPush('trades_update');
    assert.equal((snap.params as [string])[0], 'BTC_USDT');
    await ws.call('trades_subscribe', ['ETH_USDT']);
    const empty = await ws.nextPush('trades_update');
    assert.deepEqual(empty.params, ['ETH_USDT', []]);
    await cross('50200', '0.01');
    await ws.sync();
    assert.equal(ws.pushes('trades_update').length, 2, 'no BTC_USDT trade after the set was replaced');
    await ws.call('trades_unsubscribe', []);
    await cross('50300', '0.01');
    await ws.sync();
    assert.equal(ws.pushes('trades_update').length, 2);
    await ws.close();
  });

  test('one update per market per group commit, serialized once for every subscriber', async () => {
    const a = await WsTestClient.connect(server.url);
    const b = await WsTestClient.connect(server.url);
    await a.call('trades_subscribe', ['BTC_USDT']);
    await b.call('trades_subscribe', []);
    await a.nextPush('trades_update');
    await b.nextPush('trades_update');
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '50400' });
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '50401' });
    // one order takes both levels: two trades of one command, in one push, newest first
    await taker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.02', price: '50401' });
    const pa: Push = await a.nextPush('trades_update');
    const pb: Push = await b.nextPush('trades_update');
    const [, trades] = pa.params as [string, TradeObject[]];
    assert.deepEqual(
      trades.map((t) => t.price),
      ['50401', '50400'],
    );
    assert.equal(a.texts.at(-1), b.texts.at(-1));
    assert.deepEqual(pa, pb);
    await a.close();
    await b.close();
  });

  test('lastprice: request, then the current price on subscribe and each change', async () => {
    const ws = await WsTestClient.connect(server.url);
    assert.equal(await ws.call('lastprice_request', ['BTC_USDT']), '50401');
    assert.equal(await ws.call('lastprice_request', ['ETH_BTC']), '0');
    await ws.call('lastprice_subscribe', ['BTC_USDT', 'ETH_USDT']);
    assert.deepEqual((await ws.nextPush('lastprice_update')).params, ['BTC_USDT', '50401']);
    await cross('50500', '0.01');
    assert.deepEqual((await ws.nextPush('lastprice_update')).params, ['BTC_USDT', '50500']);
    await ws.close();
  });
});

describe('WebSocket trades under load: pushes paced to one per tradesGatherMs', () => {
  const GATHER_MS = 1000;
  let server: TestServer;
  let maker: TxcClient;
  let taker: TxcClient;

  before(async () => {
    server = await TestServer.start(websocketSettings({ tradesGatherMs: GATHER_MS }));
    maker = await trader(server, 'maker', { BTC: '10', USDT: '1000000' });
    taker = await trader(server, 'taker', { BTC: '10', USDT: '1000000' });
  });
  after(async () => {
    await server.stop();
  });

  async function cross(price: string): Promise<void> {
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price });
    await taker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price });
  }

  const prices = (push: Push): string[] => (push.params as [string, TradeObject[]])[1].map((t) => t.price);

  test('after a quiet spell the burst goes at once, a push each; the commits after it wait and go out together', async () => {
    const ws = await WsTestClient.connect(server.url);
    await ws.call('trades_subscribe', ['BTC_USDT']);
    assert.deepEqual(prices(await ws.nextPush('trades_update')), []);
    const start = performance.now();
    for (let i = 0; i < PUSH_BURST; i++) {
      await cross(`5100${i}`);
      assert.deepEqual(prices(await ws.nextPush('trades_update')), [`5100${i}`]);
    }
    await cross('51005');
    await cross('51006');
    const answered = performance.now();
    const next = await ws.nextPush('trades_update');
    // the burst spent, the next push waited for the allowance to fill again, GATHER_MS after the first
    assert.ok(performance.now() - start >= GATHER_MS, 'the push after the burst waited GATHER_MS');
    if (answered - start < GATHER_MS) assert.deepEqual(prices(next), ['51006', '51005']);
    else assert.equal(prices(next).at(-1), '51005');
    await ws.close();
  });

  test('a subscriber that joins while trades are held gets them in its snapshot, never pushed again', async () => {
    const early = await WsTestClient.connect(server.url);
    await early.call('trades_subscribe', ['BTC_USDT']);
    await early.nextPush('trades_update');
    await cross('51010');
    await cross('51011');
    const late = await WsTestClient.connect(server.url);
    await late.call('trades_subscribe', ['BTC_USDT']);
    assert.deepEqual(prices(await late.nextPush('trades_update')).slice(0, 2), ['51011', '51010']);
    await cross('51012');
    assert.deepEqual(prices(await late.nextPush('trades_update')), ['51012']);
    // the early subscriber got each trade once, in order
    await early.sync();
    const seen: string[] = [];
    while (!seen.includes('51012')) seen.push(...prices(await early.nextPush('trades_update')).reverse());
    assert.deepEqual(seen, ['51010', '51011', '51012']);
    await early.close();
    await late.close();
  });
});

describe('WebSocket trades under load: shutdown', () => {
  test('a durable trade still held when the server stops goes out before the close frame', async () => {
    const server = await TestServer.start(websocketSettings({ tradesGatherMs: 1000 }));
    const maker = await trader(server, 'maker', { BTC: '10', USDT: '1000000' });
    const taker = await trader(server, 'taker', { BTC: '10', USDT: '1000000' });
    const cross = async (price: string): Promise<void> => {
      await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price });
      await taker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price });
    };
    const ws = await WsTestClient.connect(server.url);
    await ws.call('trades_subscribe', ['BTC_USDT']);
    await ws.nextPush('trades_update');
    const burst = Array.from({ length: PUSH_BURST }, (_, i) => `5200${i}`);
    const start = performance.now();
    for (const price of burst) {
      await cross(price);
      await ws.nextPush('trades_update');
    }
    // durable (its order is answered), but held for up to a second after the burst
    await cross('52009');
    const prices = (): string[] =>
      ws.pushes('trades_update').flatMap((p) => (p.params as [string, TradeObject[]])[1].map((t) => t.price));
    // held indeed, unless the burst and this trade took the whole second (a machine that slow tests less)
    if (performance.now() - start < 1000) assert.equal(prices().includes('52009'), false, 'held before the stop');
    const stopping = server.stop();
    assert.equal((await ws.closed).code, 1001);
    await stopping;
    assert.deepEqual(prices(), [...burst, '52009'], 'every trade durable before the stop was pushed before 1001');
  });
});
