import { ORDER_NEW_PATH, OrderFlow } from '../http/order-flow.js';
import { signedLoad, type BenchKey } from '../http/signed-load.js';
import { takeTurns, type Turn } from '../rounds.js';
import type { Measurement } from '../suite.js';
import { cpuSeconds } from './proc-stats.js';
import type { SubscriberPool } from './subscriber-pool.js';
import type { Health } from './subscriber-protocol.js';

export interface RestCostSetup {
  readonly url: string;
  /** The server's process, whose CPU time is read from /proc. */
  readonly pid: number;
  readonly pool: SubscriberPool;
  /** One per load connection, as in the http suite. */
  readonly keys: readonly BenchKey[];
  readonly depthSubscribers: number;
  readonly tradesSubscribers: number;
  readonly rounds: number;
  readonly seconds: number;
}

/** Where the CPU of one load went: the server's per order, and the other processes' share of a core. */
export interface RestCpu {
  /** The server's CPU seconds (all threads) per order answered. */
  readonly serverPerOrder: number;
  /** The subscriber processes' CPU seconds per wall second (0 with no socket open). */
  readonly clientCores: number;
  /** The load generator's (this process's) CPU seconds per wall second. */
  readonly loadCores: number;
  /** Frames the subscribers received per second. */
  readonly framesPerSecond: number;
}

export interface RestCost {
  /** Each turn's runs by round: without first, then with. */
  readonly runs: Measurement[][];
  /** The CPU of each of those runs, in the same places. */
  readonly cpu: RestCpu[][];
}

/**
 * Little cost to REST: signed order/new (the http suite's flow, one key per connection) with no
 * socket open, and with `depthSubscribers` sockets on BTC_USDT's depth and `tradesSubscribers` on
 * its trades (opened before the load, closed after it), in turn. Besides the rates, the CPU of the
 * server, of the subscriber processes and of the load generator during each load: on a machine whose
 * cores they share, the rate with subscribers also pays for the clients' reading.
 */
export async function measureRestCost(s: RestCostSetup): Promise<RestCost> {
  const flow = new OrderFlow();
  const cpu: RestCpu[][] = [[], []];
  const orders = (label: string, seconds: number): Promise<Measurement> =>
    signedLoad(
      label,
      ORDER_NEW_PATH,
      s.keys,
      { url: s.url, connections: s.keys.length, durationSeconds: seconds },
      flow.next,
    );
  const measured = async (turn: number, label: string, seconds: number): Promise<Measurement> => {
    const clients = (): number => s.pool.pids().reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    await s.pool.watch('count');
    const [server0, clients0, load0, t0] = [cpuSeconds(s.pid), clients(), process.cpuUsage(), performance.now()];
    const m = await orders(label, seconds);
    const [server1, clients1, load1] = [cpuSeconds(s.pid), clients(), process.cpuUsage(load0)];
    const wall = (performance.now() - t0) / 1000;
    cpu[turn]?.push({
      serverPerOrder: (server1 - server0) / (m.perSecond * seconds),
      clientCores: (clients1 - clients0) / wall,
      loadCores: (load1.user + load1.system) / 1e6 / wall,
      framesPerSecond: (await s.pool.frames()) / wall,
    });
    return m;
  };
  await orders('warm-up', 2);
  const turns: Turn[] = [
    { label: 'signed order/new, no socket open', load: (label, seconds) => measured(0, label, seconds) },
    {
      label: `signed order/new, ${s.depthSubscribers.toLocaleString('en-US')} depth and ${s.tradesSubscribers} trades subscribers`,
      async load(label, seconds) {
        await s.pool.open({
          url: s.url,
          count: s.depthSubscribers,
          requests: [['depth_subscribe', ['BTC_USDT', 100, '0', false]]],
        });
        await s.pool.open({ url: s.url, count: s.tradesSubscribers, requests: [['trades_subscribe', ['BTC_USDT']]] });
        let m: Measurement;
        let health: Health;
        try {
          m = await measured(1, label, seconds);
          health = await s.pool.health();
        } finally {
          await s.pool.close();
        }
        // a subscriber closed during the load (a slow consumer) would have made it lighter
        if (health.lost > 0) throw new Error(`${health.lost} subscribers lost: ${health.problems.join('; ')}`);
        return m;
      },
    },
  ];
  return { runs: await takeTurns(turns, s.rounds, s.seconds), cpu };
}
