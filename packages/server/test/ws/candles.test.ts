import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { ManualClock } from '../support/manual-clock.js';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';
import { WsTestClient } from '../support/ws-client.js';

/** time, open, close, high, low, stock volume, money volume, market (websocket spec §6.2). */
type Tuple = [number, string, string, string, string, string, string, string];

/** Monday 3 June 2024, 10:00 UTC, in Unix seconds. */
const T0 = Date.UTC(2024, 5, 3, 10) / 1000;
const MIN = 60;

/** The next `candles_update` (in arrival order) holding a candle of `market` that passes `ok`; its params. */
async function untilCandle(ws: WsTestClient, market: string, ok: (c: Tuple) => boolean = () => true): Promise<Tuple[]> {
  for (let i = 0; i < 400; i++) {
    const params = (await ws.nextPush('candles_update')).params as Tuple[];
    if (params.some((c) => c[7] === market && ok(c))) return params;
  }
  throw new Error(`no candle of ${market} as expected`);
}

/** The frames a client received after the answer to request `id`, parsed. */
function framesAfter(ws: WsTestClient, id: number): Record<string, unknown>[] {
  const frames = ws.texts.map((t) => JSON.parse(t) as Record<string, unknown>);
  const at = frames.findIndex((f) => f.id === id);
  assert.ok(at >= 0, `no answer ${id}`);
  return frames.slice(at + 1);
}

/** The candles of `market` in candles_update frames. */
function candlesOf(frames: readonly Record<string, unknown>[], market: string): Tuple[] {
  return frames
    .filter((f) => f.method === 'candles_update')
    .flatMap((f) => f.params as Tuple[])
    .filter((c) => c[7] === market);
}

describe('WebSocket candles (kline)', () => {
  let server: TestServer;
  let maker: TxcClient;
  let taker: TxcClient;
  let clock: ManualClock;

  before(async () => {
    clock = new ManualClock((T0 + 5) * 1000);
    server = await TestServer.start({}, undefined, { clock });
    maker = await trader(server, 'klinemaker', { BTC: '10', ETH: '100', USDT: '1000000' });
    taker = await trader(server, 'klinetaker', { BTC: '10', ETH: '100', USDT: '1000000' });
    // minute T0: BTC 0.1 at 60 100 then 0.2 at 60 000; ETH 1 at 3 000
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '60100' });
    await taker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '60100' });
    await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.2', price: '60000' });
    await taker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.2', price: '60000' });
    await maker.orderNew({ market: 'ETH_USDT', side: 'sell', amount: '1', price: '3000' });
    await taker.orderNew({ market: 'ETH_USDT', side: 'buy', amount: '1', price: '3000' });
  });
  after(() => server.stop());

  const BTC_T0: Tuple = [T0, '60100', '60000', '60100', '60000', '0.3', '18010', 'BTC_USDT'];
  const ETH_T0: Tuple = [T0, '3000', '3000', '3000', '3000', '1', '3000', 'ETH_USDT'];
  /** BTC's minute T0 after a third trade, 0.05 at 60 200 (also its hour T0). */
  const BTC_T0_AFTER: Tuple = [T0, '60100', '60200', '60200', '60000', '0.35', '21020', 'BTC_USDT'];

  test('candles_request: tuples in the documented order, time an integer, the rest strings', async () => {
    const ws = await WsTestClient.connect(server.url);
    await ws.request('candles_request', ['BTC_USDT', T0, T0 + 59, 60], 11);
    assert.equal(
      ws.texts.at(-1),
      `{"id":11,"result":[[${T0},"60100","60000","60100","60000","0.3","18010","BTC_USDT"]],"error":null}`,
    );
    assert.deepEqual(await ws.call('candles_request', ['BTC_USDT', T0, T0, 3600]), [BTC_T0]);
    assert.deepEqual(await ws.call('candles_request', ['ETH_USDT', T0 - 3600, T0 + 10, 60]), [ETH_T0]);
    // before the market's first trade there is no candle
    assert.deepEqual(await ws.call('candles_request', ['BTC_USDT', 0, T0 - 1, 60]), []);
    assert.deepEqual(await ws.call('candles_request', ['XRP_USDT', T0, T0 + 59, 60]), []);
    await ws.close();
  });

  test('bad params answer code 1 "invalid argument" naming the fault', async () => {
    const ws = await WsTestClient.connect(server.url);
    const refused: [string, unknown[], string][] = [
      ['candles_request', ['NOPE_USDT', T0, T0, 60], 'market NOPE_USDT does not exist'],
      ['candles_request', [42, T0, T0, 60], 'market must be a market name'],
      ['candles_request', ['BTC_USDT', T0, T0, 7], 'interval must be 1, 2, 3'],
      ['candles_request', ['BTC_USDT', T0, T0, 90], 'interval must be 1, 2, 3'],
      ['candles_request', ['BTC_USDT', T0, T0, 5_184_000], 'interval must be between 1 and 2592000'],
      ['candles_request', ['BTC_USDT', T0, T0, '60'], 'interval must be an integer'],
      ['candles_request', ['BTC_USDT', T0, T0], 'interval must be an integer'],
      ['candles_request', ['BTC_USDT', -1, T0, 60], 'start must be between 0 and'],
      ['candles_request', ['BTC_USDT', T0, 1.5, 60], 'end must be an integer'],
      ['candles_request', ['BTC_USDT', T0 + MIN, T0, 60], 'start must not be after end'],
      ['candles_request', ['BTC_USDT', T0, T0, 60, 1], 'at most 4 params'],
      ['candles_subscribe', [], 'market must be a market name'],
      ['candles_subscribe', ['BTC_USDT'], 'interval must be an integer'],
      ['candles_subscribe', ['BTC_USDT', 45], 'interval must be 1, 2, 3'],
      ['candles_subscribe', ['BTC_USDT', 60, 1], 'at most 2 params'],
      ['candles_subscribe', ['NOPE_USDT', 60], 'market NOPE_USDT does not exist'],
      ['candles_unsubscribe', ['NOPE_USDT'], 'market NOPE_USDT does not exist'],
      ['candles_unsubscribe', ['BTC_USDT', 60], 'at most 1 param'],
    ];
    for (const [method, params, detail] of refused) {
      const answer = await ws.request(method, params);
      assert.equal(answer.result, null, `${method} ${JSON.stringify(params)}`);
      assert.equal(answer.error?.code, 1, `${method} ${JSON.stringify(params)}`);
      assert.ok(answer.error.message.startsWith(`invalid argument: ${detail}`), answer.error.message);
    }
    // a refused subscribe left nothing behind: unsubscribing everything is still fine
    assert.deepEqual(await ws.call('candles_unsubscribe', []), { status: 'success' });
    await ws.close();
  });

  test('subscribes add per market; every half second the live candle, moved by each trade', async () => {
    const ws = await WsTestClient.connect(server.url);
    assert.deepEqual(await ws.call('candles_subscribe', ['XRP_USDT', 60]), { status: 'success' });
    assert.deepEqual(await ws.call('candles_subscribe', ['BTC_USDT', 60]), { status: 'success' });
    assert.deepEqual(await ws.call('candles_subscribe', ['ETH_USDT', 60]), { status: 'success' });
    // the second subscribe did not replace the first: both markets stream on the one socket
    assert.deepEqual(await untilCandle(ws, 'BTC_USDT'), [BTC_T0]);
    assert.deepEqual(await untilCandle(ws, 'ETH_USDT'), [ETH_T0]);
    const exact = `{"id":null,"method":"candles_update","params":[[${T0},"60100","60000","60100","60000","0.3","18010","BTC_USDT"]]}`;
    assert.ok(ws.texts.includes(exact), 'the push frame, byte for byte');
    // the same candle again half a second later: pushed whether or not it changed
    assert.deepEqual(await untilCandle(ws, 'BTC_USDT'), [BTC_T0]);

    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.05', price: '60200' });
    await taker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.05', price: '60200' });
    assert.deepEqual(await untilCandle(ws, 'BTC_USDT', (c) => c[2] === '60200'), [BTC_T0_AFTER]);
    assert.deepEqual(await untilCandle(ws, 'ETH_USDT'), [ETH_T0]);
    // a market without a trade yet has no candle to push
    assert.deepEqual(candlesOf(framesAfter(ws, 1), 'XRP_USDT'), []);

    // the minute ends: the next push closes it as it ended, then opens the new one flat at the last price
    clock.advance(MIN * 1000);
    assert.deepEqual(await untilCandle(ws, 'BTC_USDT', (c) => c[0] === T0 + MIN), [
      BTC_T0_AFTER,
      [T0 + MIN, '60200', '60200', '60200', '60200', '0', '0', 'BTC_USDT'],
    ]);
    assert.deepEqual(await untilCandle(ws, 'BTC_USDT'), [
      [T0 + MIN, '60200', '60200', '60200', '60200', '0', '0', 'BTC_USDT'],
    ]);

    // subscribing to a market again replaces its interval; the other market stays
    await ws.request('candles_subscribe', ['BTC_USDT', 3600], 500);
    await untilCandle(ws, 'BTC_USDT');
    await untilCandle(ws, 'BTC_USDT');
    await untilCandle(ws, 'ETH_USDT', (c) => c[0] === T0 + MIN);
    const resubscribed = framesAfter(ws, 500);
    const hourly = candlesOf(resubscribed, 'BTC_USDT');
    assert.ok(hourly.length >= 2);
    for (const c of hourly) assert.deepEqual(c, BTC_T0_AFTER);
    assert.deepEqual(candlesOf(resubscribed, 'ETH_USDT').at(-1), [
      T0 + MIN,
      '3000',
      '3000',
      '3000',
      '3000',
      '0',
      '0',
      'ETH_USDT',
    ]);
    await ws.close();
  });

  test('unsubscribe [market] drops that market, [] drops them all', async () => {
    const ws = await WsTestClient.connect(server.url);
    await ws.call('candles_subscribe', ['BTC_USDT', 60]);
    await ws.call('candles_subscribe', ['ETH_USDT', 60]);
    await untilCandle(ws, 'BTC_USDT');
    await untilCandle(ws, 'ETH_USDT');

    assert.deepEqual((await ws.request('candles_unsubscribe', ['ETH_USDT'], 700)).result, { status: 'success' });
    // a socket subscribing after the unsubscribe was answered receives a tick that came after it
    const witness = await WsTestClient.connect(server.url);
    await witness.call('candles_subscribe', ['ETH_USDT', 60]);
    await untilCandle(witness, 'ETH_USDT');
    await ws.sync();
    assert.deepEqual(candlesOf(framesAfter(ws, 700), 'ETH_USDT'), []);
    assert.ok(candlesOf(framesAfter(ws, 700), 'BTC_USDT').length > 0, 'BTC_USDT still streams');

    assert.deepEqual((await ws.request('candles_unsubscribe', [], 701)).result, { status: 'success' });
    await witness.call('candles_subscribe', ['BTC_USDT', 60]);
    await untilCandle(witness, 'BTC_USDT');
    await ws.sync();
    assert.deepEqual(
      framesAfter(ws, 701).filter((f) => f.method === 'candles_update'),
      [],
    );
    await witness.close();
    await ws.close();
  });

  test('candles_request answers at most 1440 candles, the earliest of the range', async () => {
    clock.advance(2 * 3600 * 1000);
    const ws = await WsTestClient.connect(server.url);
    const seconds = (await ws.call('candles_request', ['BTC_USDT', T0, T0 + 3 * 3600, 1])) as Tuple[];
    assert.equal(seconds.length, 1440);
    const first = seconds[0] as Tuple;
    // the series starts at the first trade's second; then one candle a second, without a gap
    assert.ok(first[0] >= T0 + 5 && first[0] < T0 + MIN, String(first[0]));
    assert.deepEqual(first.slice(1, 2), ['60100']);
    seconds.forEach((c, i) => assert.equal(c[0], first[0] + i));
    const minutes = (await ws.call('candles_request', ['BTC_USDT', T0, T0 + 3 * 3600, 60])) as Tuple[];
    assert.deepEqual(minutes[0], BTC_T0_AFTER);
    assert.ok(minutes.length > 120 && minutes.length < 1440, String(minutes.length));
    await ws.close();
  });
});
