import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { TxcClient } from '@txc/sdk';
import { assertFor } from '../support/fuzz-venue.js';
import { ManualClock } from '../support/manual-clock.js';
import { TestServer } from '../support/test-server.js';

const BUDGET_MS = Number(process.env.TXC_FUZZ_MS ?? 2500) * 3;
const MARKETS = ['BTC_USDT', 'ETH_BTC'] as const;
type Market = (typeof MARKETS)[number];
const INTERVALS: readonly [string, number][] = [
  ['1m', 60],
  ['5m', 300],
  ['1h', 3600],
  ['8h', 28_800],
  ['1d', 86_400],
  ['3d', 259_200],
  ['1w', 604_800],
  ['1M', 2_592_000],
];

type Step =
  | { kind: 'wait'; ms: number }
  | { kind: 'trade'; market: Market; side: 'buy' | 'sell'; offset: number; lots: number }
  | { kind: 'restart' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.oneof(
        fc.integer({ min: 1, max: 90_000 }),
        fc.integer({ min: 1, max: 5 * 3_600_000 }),
        fc.integer({ min: 1, max: 4 * 86_400_000 }),
      ),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('trade' as const),
      market: fc.constantFrom(...MARKETS),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      offset: fc.integer({ min: -30, max: 30 }),
      lots: fc.integer({ min: 1, max: 40 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
);

/** `units` × 10^-places as decimal text. */
function decimal(units: number, places: number): string {
  const text = String(units).padStart(places + 1, '0');
  return `${text.slice(0, -places)}.${text.slice(-places)}`;
}

/** A decimal text as an integer of 10^-30, for exact sums and comparisons; and back, shortest. */
const SCALE = 30;
function exact(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole! + fraction.padEnd(SCALE, '0'));
}
function text(value: bigint): string {
  const digits = value.toString().padStart(SCALE + 1, '0');
  const fraction = digits.slice(-SCALE).replace(/0+$/, '');
  return fraction === '' ? digits.slice(0, -SCALE) : `${digits.slice(0, -SCALE)}.${fraction}`;
}

interface Trade {
  readonly id: number;
  readonly time: number;
  readonly price: bigint;
  readonly amount: bigint;
  readonly deal: bigint;
}

type Row = [number, string, string, string, string, string, string];

/** The period holding `t`, by calendar arithmetic: UTC days, weeks from Monday, calendar months. */
function periodOf(intervalS: number, t: number): number {
  const d = new Date(t * 1000);
  if (intervalS === 2_592_000) return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  if (intervalS === 604_800) {
    const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) / 1000;
    return day - ((d.getUTCDay() + 6) % 7) * 86_400;
  }
  return Math.floor(t / intervalS) * intervalS;
}

function nextPeriod(intervalS: number, p: number): number {
  return periodOf(intervalS, p + (intervalS === 2_592_000 ? 32 * 86_400 : intervalS));
}

/**
 * Every candle of a market from its trade history alone: each period from the first trade's to
 * `until`'s, its trades' open, close, high, low and sums, or flat at the last price when it had none.
 */
function candlesOf(trades: readonly Trade[], intervalS: number, until: number): Row[] {
  const out: Row[] = [];
  if (trades.length === 0) return out;
  let i = 0;
  let last: bigint | undefined;
  for (let p = periodOf(intervalS, trades[0]!.time); p <= periodOf(intervalS, until); p = nextPeriod(intervalS, p)) {
    const inside: Trade[] = [];
    while (i < trades.length && periodOf(intervalS, trades[i]!.time) === p) inside.push(trades[i++]!);
    const prices = inside.map((t) => t.price);
    const sum = (f: (t: Trade) => bigint): string => text(inside.reduce((s, t) => s + f(t), 0n));
    const price = (v: bigint | undefined): string => text(v ?? last!);
    const max = prices.reduce<bigint | undefined>((m, v) => (m === undefined || v > m ? v : m), undefined);
    const min = prices.reduce<bigint | undefined>((m, v) => (m === undefined || v < m ? v : m), undefined);
    out.push([
      p,
      price(prices[0]),
      price(prices.at(-1)),
      price(max),
      price(min),
      sum((t) => t.amount),
      sum((t) => t.deal),
    ]);
    last = prices.at(-1) ?? last;
  }
  return out;
}

/**
 * For random sequences of trades on two markets (prices and amounts of different precisions), with
 * time moving by seconds to days and restarts between them, the candles the API answers at every
 * interval equal the candles recomputed from the trade history read back through the API.
 */
describe('candles equal the candles of the trade history', () => {
  const clock = new ManualClock(Date.UTC(2024, 0, 29, 23, 50));
  let server: TestServer;
  const keys: { apiKey: string; apiSecret: string }[] = [];
  const client = (u: number): TxcClient => server.client(keys[u]!.apiKey, keys[u]!.apiSecret);

  before(async () => {
    server = await TestServer.start({}, undefined, { clock });
    for (const name of ['mia', 'tom']) {
      const funds = { USDT: '10000000', BTC: '1000', ETH: '100000' };
      keys.push(await server.user(name, { deposits: funds }));
      for (const [ticker, amount] of Object.entries(funds)) {
        await client(keys.length - 1).transfer({ ticker, amount, from: 'main', to: 'spot' });
      }
    }
  });
  after(() => server.stop());

  async function run(s: Step): Promise<void> {
    if (s.kind === 'wait') return clock.advance(s.ms);
    if (s.kind === 'restart') return server.restart();
    const [price, amount] =
      s.market === 'BTC_USDT'
        ? [decimal(6_000_000 + s.offset * 137, 2), decimal(s.lots, 3)]
        : [decimal(50_000 + s.offset, 6), decimal(s.lots, 2)];
    // the maker rests an order, the taker crosses it (and any older order at a better price)
    await client(0).orderNew({ market: s.market, side: s.side, amount, price });
    await client(1).orderNew({ market: s.market, side: s.side === 'buy' ? 'sell' : 'buy', amount, price });
  }

  /** Every trade of a market, once, from the deals of both traders. */
  async function history(market: Market): Promise<Trade[]> {
    const byId = new Map<number, Trade>();
    for (const u of [0, 1]) {
      for (let offset = 0; ; offset += 100) {
        const page = (await client(u).executedHistory({ market, limit: 100, offset })) as unknown as {
          id: number;
          time: number;
          price: string;
          amount: string;
          deal: string;
        }[];
        for (const d of page) {
          const t = { id: d.id, time: Math.floor(d.time), price: exact(d.price), amount: exact(d.amount) };
          byId.set(d.id, { ...t, deal: exact(d.deal) });
        }
        if (page.length < 100) break;
      }
    }
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }

  const kline = async (query: Record<string, string | number>): Promise<Row[]> => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const r = await fetch(`${server.url}/api/v1/public/kline?${search.toString()}`);
    const body = (await r.json()) as { success: boolean; result: Row[] };
    assert.equal(r.status, 200, JSON.stringify(body));
    return body.result;
  };

  it('at every interval, from a start (the earliest) and up to an end (the latest)', async () => {
    let runs = 0;
    await assertFor(
      fc.tuple(fc.array(step, { minLength: 1, maxLength: 25 }), fc.integer({ min: 1, max: 1440 }), fc.nat()),
      async ([sequence, limit, pick]) => {
        runs++;
        for (const s of sequence) await run(s);
        const end = Math.floor(clock.nowMs() / 1000);
        for (const market of MARKETS) {
          const trades = await history(market);
          for (const [interval, seconds] of INTERVALS) {
            const all = candlesOf(trades, seconds, end);
            const from = trades.length === 0 ? end : trades[pick % trades.length]!.time;
            const first = all.filter((c) => nextPeriod(seconds, c[0]) > from);
            const query = { market, interval, end };
            assert.deepEqual(await kline({ ...query, start: from }), first.slice(0, 1440), `${market} ${interval}`);
            assert.deepEqual(
              await kline({ ...query, start: from, limit }),
              first.slice(0, limit),
              `${market} ${interval}`,
            );
            // without a start, the latest within the default span (a day of minutes, a week of hours…)
            const span =
              seconds < 3600 ? 86_400 : seconds < 86_400 ? 604_800 : seconds < 2_592_000 ? 2_592_000 : 31_536_000;
            const recent = all.filter((c) => nextPeriod(seconds, c[0]) > end - span);
            assert.deepEqual(await kline({ ...query, limit }), recent.slice(-limit), `${market} ${interval} latest`);
          }
        }
      },
      BUDGET_MS,
    );
    assert.ok(runs > 0);
  });
});
