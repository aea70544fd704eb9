import { ORDER_NEW_PATH, OrderFlow } from '../http/order-flow.js';
import { signedLoad, type BenchKey } from '../http/signed-load.js';
import { takeTurns, type Turn } from '../rounds.js';
import type { Measurement } from '../suite.js';
import type { SubscriberPool } from './subscriber-pool.js';
import type { Health } from './subscriber-protocol.js';

export interface RestCostSetup {
  readonly url: string;
  readonly pool: SubscriberPool;
  /** One per load connection, as in the http suite. */
  readonly keys: readonly BenchKey[];
  readonly depthSubscribers: number;
  readonly tradesSubscribers: number;
  readonly rounds: number;
  readonly seconds: number;
}

/**
 * Little cost to REST: signed order/new (the http suite's flow, one key per connection) with no
 * socket open, and with `depthSubscribers` sockets on BTC_USDT's depth and `tradesSubscribers` on
 * its trades (opened before the load, closed after it), in turn. Returns each one's runs by round:
 * without first, then with.
 */
export async function measureRestCost(s: RestCostSetup): Promise<Measurement[][]> {
  const flow = new OrderFlow();
  const orders = (label: string, seconds: number): Promise<Measurement> =>
    signedLoad(
      label,
      ORDER_NEW_PATH,
      s.keys,
      { url: s.url, connections: s.keys.length, durationSeconds: seconds },
      flow.next,
    );
  await orders('warm-up', 2);
  const turns: Turn[] = [
    { label: 'signed order/new, no socket open', load: orders },
    {
      label: `signed order/new, ${s.depthSubscribers.toLocaleString('en-US')} depth and ${s.tradesSubscribers} trades subscribers`,
      async load(label, seconds) {
        await s.pool.open({
          url: s.url,
          count: s.depthSubscribers,
          requests: [['depth_subscribe', ['BTC_USDT', 100, '0', false]]],
        });
        await s.pool.open({ url: s.url, count: s.tradesSubscribers, requests: [['trades_subscribe', ['BTC_USDT']]] });
        let measured: Measurement;
        let health: Health;
        try {
          measured = await orders(label, seconds);
          health = await s.pool.health();
        } finally {
          await s.pool.close();
        }
        // a subscriber closed during the load (a slow consumer) would have made it lighter
        if (health.lost > 0) throw new Error(`${health.lost} subscribers lost: ${health.problems.join('; ')}`);
        return measured;
      },
    },
  ];
  return takeTurns(turns, s.rounds, s.seconds);
}
