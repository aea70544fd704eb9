import autocannon from 'autocannon';
import { ORDER_NEW_PATH, OrderFlow } from '../http/order-flow.js';
import { signedLoad, type BenchKey } from '../http/signed-load.js';
import { inTurns } from '../rounds.js';
import { cpuSeconds } from './proc-stats.js';
import type { SubscriberPool } from './subscriber-pool.js';

/** One server's broadcasting in one turn. */
export interface BroadcastRun {
  /** Frames the subscribers received, counted once the server's queued frames were all delivered. */
  readonly frames: number;
  /** The server process's CPU seconds (all threads) from the load's start to the last frame. */
  readonly cpuSeconds: number;
  /** Wall seconds from the load's start to the last frame. */
  readonly seconds: number;
  /** Requests answered per second during the load. */
  readonly requestsPerSecond: number;
}

export const framesPerCpuSecond = (r: BroadcastRun): number => r.frames / r.cpuSeconds;

export interface BroadcastSetup {
  readonly txc: { readonly url: string; readonly pid: number };
  readonly peer: { readonly url: string; readonly pid: number };
  readonly pool: SubscriberPool;
  readonly keys: readonly BenchKey[];
  readonly subscribers: number;
  /** Connections of the load generator. */
  readonly senders: number;
  readonly rounds: number;
  readonly seconds: number;
}

/** Frames and CPU of one server over a load and the delivery of everything it queued. */
async function broadcastRun(pool: SubscriberPool, pid: number, load: () => Promise<number>): Promise<BroadcastRun> {
  await pool.watch('count');
  const cpu0 = cpuSeconds(pid);
  const t0 = performance.now();
  const requestsPerSecond = await load();
  const frames = await pool.drained();
  const health = await pool.health();
  // a subscriber closed as a slow consumer would have taken its frames out of the count
  if (health.lost > 0) throw new Error(`${health.lost} subscribers lost: ${health.problems.join('; ')}`);
  return {
    frames,
    cpuSeconds: cpuSeconds(pid) - cpu0,
    seconds: (performance.now() - t0) / 1000,
    requestsPerSecond,
  };
}

/**
 * Broadcast efficiency: `subscribers` sockets on each server, subscribed to BTC_USDT's trades on txc;
 * the load generator sends as fast as its `senders` connections go, txc signed orders of the http
 * suite's flow (half of them cross), the peer POSTs (each one broadcast). Frames delivered per CPU
 * second of the server, the two servers in turn.
 */
export async function measureBroadcast(s: BroadcastSetup): Promise<{ txc: BroadcastRun[]; peer: BroadcastRun[] }> {
  await s.pool.open({ url: s.txc.url, count: s.subscribers, requests: [['trades_subscribe', ['BTC_USDT']]] });
  await s.pool.open({ url: s.peer.url, count: s.subscribers, requests: [] });
  const flow = new OrderFlow();
  const keys = s.keys.slice(0, s.senders);
  try {
    const [txc = [], peer = []] = await inTurns(s.rounds, [
      () =>
        broadcastRun(s.pool, s.txc.pid, async () => {
          const on = { url: s.txc.url, connections: s.senders, durationSeconds: s.seconds };
          return (await signedLoad('order/new', ORDER_NEW_PATH, keys, on, flow.next)).perSecond;
        }),
      () =>
        broadcastRun(s.pool, s.peer.pid, async () => {
          const result = await autocannon({
            url: `${s.peer.url}/broadcast`,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"price":"30000.00"}',
            connections: s.senders,
            duration: s.seconds,
          });
          if (result.non2xx + result.errors + result.timeouts > 0) throw new Error('the peer failed requests');
          return result.requests.average;
        }),
    ]);
    return { txc, peer };
  } finally {
    await s.pool.close();
  }
}
