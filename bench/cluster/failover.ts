import { setTimeout as sleep } from 'node:timers/promises';
import type { OrderFlow } from '../http/order-flow.js';
import type { BenchKey } from '../http/signed-load.js';
import type { BenchCluster } from './bench-cluster.js';
import { placeOrder } from './order-client.js';

/** The client sends again this often while no write is acknowledged. */
export const RETRY_EVERY_MS = 20;
/** A failover that takes longer than this is a failure of the run, not a measurement. */
const GIVE_UP_MS = 30_000;

/**
 * Milliseconds from the kill -9 of the leader to the first acknowledged order/new through a gateway.
 * The client sends an order every RETRY_EVERY_MS, each with a fresh nonce, through the two gateways
 * in turn, without waiting for the answers to the ones before (one held by a gateway until the new
 * leader answers must not delay the next); the first 2xx answer ends the measurement and the
 * attempts still out are abandoned.
 */
export async function failoverTime(cluster: BenchCluster, key: BenchKey, flow: OrderFlow): Promise<number> {
  const gateways = cluster.gateways.map((g) => g.info.url);
  // the venue takes writes through both gateways before the kill
  for (const url of gateways) await placeOrder(url, key, flow);
  const abandon = new AbortController();
  const attempts: Promise<unknown>[] = [];
  let acknowledged: number | undefined;
  const killedAt = performance.now();
  const gone = cluster.crashLeader();
  try {
    for (let n = 0; acknowledged === undefined; n++) {
      if (performance.now() - killedAt > GIVE_UP_MS)
        throw new Error(`no write acknowledged ${GIVE_UP_MS} ms after the kill`);
      const url = gateways[n % gateways.length] as string;
      attempts.push(
        placeOrder(url, key, flow, abandon.signal).then(
          (status) => {
            if (status >= 200 && status < 300) acknowledged ??= performance.now() - killedAt;
          },
          () => undefined,
        ),
      );
      await sleep(RETRY_EVERY_MS);
    }
  } finally {
    abandon.abort();
    await Promise.allSettled([...attempts, gone]);
  }
  await cluster.recover();
  return acknowledged;
}
