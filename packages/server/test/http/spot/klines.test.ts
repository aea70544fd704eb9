import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { openStore } from '../../../src/store/open-store.js';
import { CANDLES_BUILT } from '../../../src/venue/projection/candle-rebuild.js';
import { ManualClock } from '../../support/manual-clock.js';
import { TestServer } from '../../support/test-server.js';
import { trader } from '../../support/trading.js';

async function get(server: TestServer, query: string): Promise<{ status: number; body: unknown }> {
  const r = await fetch(`${server.url}/api/v1/public/kline?${query}`);
  return { status: r.status, body: await r.json() };
}

const invalid = (message: string): unknown => ({ success: false, message, params: [] });

/** Monday 3 June 2024, 10:00 UTC, in Unix seconds. */
const T0 = Date.UTC(2024, 5, 3, 10) / 1000;
const MIN = 60;
const HOUR = 3600;

describe('candles: GET /api/v1/public/kline', () => {
  let server: TestServer;
  let alice: { apiKey: string; apiSecret: string };
  /** Alice's client at the server's current address (a restart changes its port). */
  const aliceClient = (): TxcClient => server.client(alice.apiKey, alice.apiSecret);
  const clock = new ManualClock((T0 + 5) * 1000);

  before(async () => {
    server = await TestServer.start({}, undefined, { clock });
    alice = await server.user('alice', { deposits: { USDT: '1000000', BTC: '10' } });
    for (const ticker of ['USDT', 'BTC']) {
      await aliceClient().transfer({ ticker, amount: ticker === 'BTC' ? '10' : '1000000', from: 'main', to: 'spot' });
    }
    const bob = await trader(server, 'bob', { USDT: '1000000', BTC: '10' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.5', price: '60100' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.25', price: '60105' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.4', price: '59900' });
    // 10:00 a buy of 0.1 at 60 100; 10:02 a sell of 0.2 at 59 900; 11:02 one order takes 0.4 at 60 100 and 0.05 at 60 105
    await aliceClient().orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '60100' });
    clock.advance(2 * MIN * 1000);
    await aliceClient().orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.2', price: '59900' });
    clock.advance(HOUR * 1000);
    await aliceClient().orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.45', price: '60105' });
  });
  after(() => server.stop());

  const whole = ['60100', '60105', '60105', '59900', '0.75', '45035.25'];

  /** A time in the minute of the last trades: answers up to it do not change as time goes on. */
  const END = T0 + HOUR + 2 * MIN + 30;
  /** Every answer these tests read, to compare across restarts. */
  const queries = [
    `market=BTC_USDT&interval=1m&start=${T0}&limit=4`,
    `market=BTC_USDT&interval=1h&start=${T0}`,
    `market=BTC_USDT&interval=4h&start=${T0}`,
    `market=BTC_USDT&interval=1d&start=${T0}`,
    `market=BTC_USDT&interval=1w&start=${T0}`,
    `market=BTC_USDT&interval=1M&start=${T0}`,
    `market=BTC_USDT&interval=1m&limit=2&end=${END}`,
    `market=BTC_USDT&limit=1&end=${END}`,
  ];
  const answers = async (): Promise<unknown[]> => Promise.all(queries.map(async (q) => (await get(server, q)).body));

  it('1m: each minute with its trades; a minute without one is flat at the last price, volumes 0', async () => {
    assert.deepEqual(await get(server, queries[0]!), {
      status: 200,
      body: {
        success: true,
        message: null,
        result: [
          [T0, '60100', '60100', '60100', '60100', '0.1', '6010'],
          [T0 + MIN, '60100', '60100', '60100', '60100', '0', '0'],
          [T0 + 2 * MIN, '59900', '59900', '59900', '59900', '0.2', '11980'],
          [T0 + 3 * MIN, '59900', '59900', '59900', '59900', '0', '0'],
        ],
      },
    });
  });

  it('1h and 4h: open, close, high, low and both volumes of the trades in each period (time, then strings)', async () => {
    const { body } = await get(server, queries[1]!);
    assert.deepEqual((body as { result: unknown }).result, [
      [T0, '60100', '59900', '60100', '59900', '0.3', '17990'],
      [T0 + HOUR, '60100', '60105', '60105', '60100', '0.45', '27045.25'],
    ]);
    const fourHours = (await get(server, queries[2]!)).body as { result: unknown[][] };
    assert.deepEqual(fourHours.result, [[T0 - 2 * HOUR, ...whole]]);
    assert.ok(fourHours.result.every((c) => Number.isInteger(c[0]) && c.slice(1).every((v) => typeof v === 'string')));
  });

  it('1d from midnight UTC, 1w from Monday, 1M from the first of the month', async () => {
    const result = async (q: string): Promise<unknown> => ((await get(server, q)).body as { result: unknown }).result;
    assert.deepEqual(await result(queries[3]!), [[Date.UTC(2024, 5, 3) / 1000, ...whole]]);
    assert.deepEqual(await result(queries[4]!), [[Date.UTC(2024, 5, 3) / 1000, ...whole]]);
    assert.deepEqual(await result(queries[5]!), [[Date.UTC(2024, 5, 1) / 1000, ...whole]]);
    // a week before this Monday's ends on Sunday: the day before the first trade is outside it
    assert.deepEqual(await result(`market=BTC_USDT&interval=1w&start=${T0 - 7 * 86_400}&end=${T0 - 86_400}`), []);
  });

  it('without start: the latest candles up to end (now by default); nothing before the first trade', async () => {
    const latest = (await get(server, queries[6]!)).body as { result: unknown[] };
    assert.deepEqual(latest.result, [
      [T0 + HOUR + MIN, '59900', '59900', '59900', '59900', '0', '0'],
      [T0 + HOUR + 2 * MIN, '60100', '60105', '60105', '60100', '0.45', '27045.25'],
    ]);
    // an end two days ahead: the default span counts back from now, not from that end
    const ahead = (await get(server, `market=BTC_USDT&interval=1m&limit=2&end=${END + 2 * 86_400}`)).body as {
      result: unknown[];
    };
    assert.deepEqual(ahead.result, latest.result);
    // start and end at one instant: the candle of that period alone (the live one, at now)
    const live = (await get(server, `market=BTC_USDT&interval=1d&start=${END}&end=${END}`)).body as { result: unknown };
    assert.deepEqual(live.result, [[Date.UTC(2024, 5, 3) / 1000, ...whole]]);
    const defaultInterval = (await get(server, queries[7]!)).body as { result: unknown[] };
    assert.deepEqual(defaultInterval.result, [[T0 + HOUR, '60100', '60105', '60105', '60100', '0.45', '27045.25']]);
    const bounded = (await get(server, `market=BTC_USDT&interval=1m&start=${T0}&end=${T0 + 90}`)).body as {
      result: unknown[][];
    };
    assert.deepEqual(
      bounded.result.map((c) => c[0]),
      [T0, T0 + MIN],
    );
    assert.deepEqual((await get(server, `market=BTC_USDT&interval=1m&start=0&end=${T0 - 1}`)).body, {
      success: true,
      message: null,
      result: [],
    });
    assert.deepEqual(((await get(server, 'market=ETH_USDT&interval=1m')).body as { result: unknown }).result, []);
    // a start ahead of now, no end (ccxt's next page of fetchOHLCV): past the current period, none;
    // within it, the current candle
    const now = Math.floor(clock.nowMs() / 1000);
    assert.deepEqual((await get(server, `market=BTC_USDT&interval=1m&start=${now + 3600}`)).body, {
      success: true,
      message: null,
      result: [],
    });
    const hour = ((await get(server, `market=BTC_USDT&interval=1h&start=${now + 60}`)).body as { result: unknown[][] })
      .result;
    assert.deepEqual(
      hour.map((c) => c[0]),
      [now - (now % HOUR)],
    );
  });

  it('bad parameters answer 422 in the public error format', async () => {
    const cases: [string, string][] = [
      ['interval=1m', 'The market field is required.'],
      ['market=NOPE_USDT', 'Market is not available.'],
      ['market=BTC_USDT&interval=2m', 'The selected interval is invalid.'],
      ['market=BTC_USDT&interval=60', 'The selected interval is invalid.'],
      ['market=BTC_USDT&limit=0', 'The limit must be between 1 and 1440.'],
      ['market=BTC_USDT&limit=1441', 'The limit must be between 1 and 1440.'],
      ['market=BTC_USDT&limit=ten', 'The limit must be between 1 and 1440.'],
      ['market=BTC_USDT&start=yesterday', 'The start must be an integer.'],
      ['market=BTC_USDT&start=-60', 'The start must be an integer.'],
      ['market=BTC_USDT&end=1.5', 'The end must be an integer.'],
      [`market=BTC_USDT&start=${T0}&end=${T0 - 1}`, 'The start must be less than or equal to end.'],
    ];
    for (const [query, message] of cases) {
      assert.deepEqual(await get(server, query), { status: 422, body: invalid(message) }, query);
    }
  });

  it('candles are in the store: a restart answers the same', async () => {
    const before = await answers();
    await server.restart();
    assert.deepEqual(await answers(), before);
  });

  it('a store without candles (written before them) gets them from its deals at start-up', async () => {
    const before = await answers();
    await server.restart(async () => {
      const store = openStore(server.config);
      try {
        await store.db.deleteFrom('candles').execute();
        await store.db.deleteFrom('meta').where('key', '=', CANDLES_BUILT).execute();
      } finally {
        await store.close();
      }
    });
    assert.deepEqual(await answers(), before);
    // and the trades after it go on into the same candles
    await aliceClient().orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '60105' });
    const day = ((await get(server, queries[3]!)).body as { result: unknown[][] }).result;
    assert.deepEqual(day, [[Date.UTC(2024, 5, 3) / 1000, '60100', '60105', '60105', '59900', '0.85', '51045.75']]);
  });
});
