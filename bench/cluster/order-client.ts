import { setTimeout as sleep } from 'node:timers/promises';
import { ORDER_NEW_PATH, type OrderFlow } from '../http/order-flow.js';
import { signRequest, type BenchKey } from '../http/signed-load.js';

/**
 * One signed order/new of the flow's next order, over fetch (undici, keep-alive): its HTTP status
 * (the body is read, so that the connection is free again).
 */
export async function placeOrder(url: string, key: BenchKey, flow: OrderFlow, signal?: AbortSignal): Promise<number> {
  const request = signRequest(key, ORDER_NEW_PATH, flow.next(key));
  const response = await fetch(`${url}${ORDER_NEW_PATH}`, { method: 'POST', ...request, signal });
  const body = await response.arrayBuffer();
  if (!response.ok && signal === undefined)
    throw new Error(`order/new on ${url}: ${response.status} ${Buffer.from(body).toString()}`);
  return response.status;
}

/**
 * `total` orders, each acknowledged, sent by one client per key (each waits for its answer before it
 * sends again), client i through `urls[i % urls.length]`: resolves with the seconds it took. With
 * `perSecond`, the n-th order leaves no earlier than n ÷ perSecond after the start, so that a server
 * can be measured at the rate another one reached.
 */
export async function closedLoop(
  urls: readonly string[],
  keys: readonly BenchKey[],
  total: number,
  flow: OrderFlow,
  perSecond = Number.POSITIVE_INFINITY,
): Promise<number> {
  let sent = 0;
  const started = performance.now();
  await Promise.all(
    keys.map(async (key, i) => {
      const url = urls[i % urls.length] as string;
      while (sent < total) {
        const wait = started + (sent++ * 1000) / perSecond - performance.now();
        if (wait > 0) await sleep(wait);
        await placeOrder(url, key, flow);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

/** Milliseconds of each of `count` orders sent one after the other, from send to the answer read. */
export async function sequentialLatencies(
  url: string,
  key: BenchKey,
  count: number,
  flow: OrderFlow,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await placeOrder(url, key, flow);
    times.push(performance.now() - started);
  }
  return times;
}
