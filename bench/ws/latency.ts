import { TxcClient } from '@txc/sdk';
import { benchKeys } from '../http/foundation-suite.js';
import { inTurns } from '../rounds.js';
import type { SubscriberPool } from './subscriber-pool.js';
import { depthKey, tradeKey, wallNow } from './subscriber-protocol.js';

const MARKET = 'BTC_USDT';
const AMOUNT = '0.001';
/** The asks the crossing orders take rest from 31,000.00 up, one tick apart, above the other phases' band. */
const FIRST_ASK = 3_100_000n;
/** Users placing the asks at once (each placing one at a time), and users taking them in turn (funds last longer). */
const MAKERS = 4;
const TAKERS = 2;
/** A bound on a hang: every subscriber has had every update well before (not a timing assertion). */
const ARRIVAL_WAIT_MS = 20_000;

/** The milliseconds from each answer to its update at the last subscriber, by round. */
export interface LatencyRounds {
  readonly trades: number[][];
  readonly depth: number[][];
  readonly peer: number[][];
  /** Seconds spent sending, every round together (orders, POSTs). */
  readonly seconds: { readonly txc: number; readonly peer: number };
}

export interface LatencySetup {
  readonly txc: { readonly url: string; readonly adminToken: string };
  readonly peerUrl: string;
  readonly pool: SubscriberPool;
  readonly subscribers: number;
  readonly rounds: number;
  readonly ordersPerRound: number;
}

function cents(ticks: bigint): string {
  return `${ticks / 100n}.${String(ticks % 100n).padStart(2, '0')}`;
}

/** Waits until each key reached every subscriber; the arrival times at the last one. */
async function lastArrivals(pool: SubscriberPool, keys: readonly string[], subscribers: number): Promise<number[]> {
  const until = performance.now() + ARRIVAL_WAIT_MS;
  for (;;) {
    const arrivals = await pool.arrivals();
    const missing = keys.filter((k) => (arrivals.get(k)?.count ?? 0) < subscribers);
    if (missing.length === 0) return keys.map((k) => arrivals.get(k)?.lastAt ?? Number.NaN);
    if (performance.now() > until) {
      throw new Error(`${missing.length} updates did not reach all ${subscribers} subscribers, e.g. ${missing[0]}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Latency to the last of `subscribers` sockets. txc: each socket subscribed to BTC_USDT's trades and
 * depth (100 levels); a taker sends buys through signed REST one at a time, each taking exactly the
 * best ask (placed beforehand, one per order, a tick apart): from the REST answer to the
 * `trades_update` of its trade, and to the `depth_update` that removes its ask, at the last socket.
 * The peer: POSTs one at a time, from the answer to the broadcast frame at the last socket. The next
 * order (or POST) leaves once every socket has the last one's trade: each broadcast is timed alone,
 * not behind a queue of earlier ones (depth deltas still gather the orders of 100 ms).
 */
export async function measureLatency(s: LatencySetup): Promise<LatencyRounds> {
  const { url, adminToken } = s.txc;
  const total = s.rounds * s.ordersPerRound;
  const users = await benchKeys(url, adminToken, MAKERS + TAKERS, 'ws-latency-');
  const client = (i: number): TxcClient =>
    new TxcClient({ baseUrl: url, apiKey: users[i]?.apiKey, apiSecret: users[i]?.apiSecret });
  const makers = Array.from({ length: MAKERS }, (_, i) => client(i));
  const takers = Array.from({ length: TAKERS }, (_, i) => client(MAKERS + i));
  const price = (j: number): bigint => FIRST_ASK + BigInt(j);
  await Promise.all(
    makers.map(async (maker, m) => {
      for (let j = m; j < total; j += MAKERS) {
        await maker.orderNew({ market: MARKET, side: 'sell', amount: AMOUNT, price: cents(price(j)) });
      }
    }),
  );
  const subscribe: [string, unknown[]][] = [
    ['trades_subscribe', [MARKET]],
    ['depth_subscribe', [MARKET, 100, '0', false]],
  ];
  await s.pool.open({ url, count: s.subscribers, requests: subscribe });
  await s.pool.open({ url: s.peerUrl, count: s.subscribers, requests: [] });
  await s.pool.watch('arrivals');

  const peerPost = async (ticks: bigint): Promise<void> => {
    const response = await fetch(`${s.peerUrl}/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ price: cents(ticks) }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`peer answered ${response.status}`);
  };
  let txcRound = 0;
  let peerRound = 0;
  const seconds = { txc: 0, peer: 0 };
  try {
    const [txcRuns = [], peer = []] = await inTurns<{ trades: number[]; depth: number[] }>(s.rounds, [
      async () => {
        const first = txcRound++ * s.ordersPerRound;
        await s.pool.watch('arrivals');
        const answered: number[] = [];
        const ticks: bigint[] = [];
        const t0 = performance.now();
        for (let j = first; j < first + s.ordersPerRound; j++) {
          const taker = takers[j % TAKERS] as TxcClient;
          const order = await taker.orderNew({ market: MARKET, side: 'buy', amount: AMOUNT, price: cents(price(j)) });
          answered.push(wallNow());
          if (order.status !== 'FILLED') throw new Error(`order ${j} did not fill at once: ${JSON.stringify(order)}`);
          ticks.push(price(j));
          // one at a time: the next order leaves once every subscriber has this one's trade
          await s.pool.arrival(url, tradeKey(price(j)));
        }
        seconds.txc += (performance.now() - t0) / 1000;
        const trades = await lastArrivals(s.pool, ticks.map(tradeKey), s.subscribers);
        const depth = await lastArrivals(s.pool, ticks.map(depthKey), s.subscribers);
        return {
          trades: trades.map((at, k) => at - (answered[k] ?? Number.NaN)),
          depth: depth.map((at, k) => at - (answered[k] ?? Number.NaN)),
        };
      },
      async () => {
        // the peer's frames name the prices of the txc turns, after them: keys never repeat within a turn
        const first = total + peerRound++ * s.ordersPerRound;
        await s.pool.watch('arrivals');
        const answered: number[] = [];
        const ticks: bigint[] = [];
        const t0 = performance.now();
        for (let j = first; j < first + s.ordersPerRound; j++) {
          await peerPost(price(j));
          answered.push(wallNow());
          ticks.push(price(j));
          await s.pool.arrival(s.peerUrl, tradeKey(price(j)));
        }
        seconds.peer += (performance.now() - t0) / 1000;
        const frames = await lastArrivals(s.pool, ticks.map(tradeKey), s.subscribers);
        return { trades: frames.map((at, k) => at - (answered[k] ?? Number.NaN)), depth: [] };
      },
    ]);
    return {
      trades: txcRuns.map((r) => r.trades),
      depth: txcRuns.map((r) => r.depth),
      peer: peer.map((r) => r.trades),
      seconds,
    };
  } finally {
    await s.pool.close();
  }
}
