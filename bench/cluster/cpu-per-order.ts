import type { OrderFlow } from '../http/order-flow.js';
import type { BenchKey } from '../http/signed-load.js';
import { cpuSeconds } from '../ws/proc-stats.js';
import { closedLoop } from './order-client.js';

/** One run of a fixed number of orders: what it took, and the CPU seconds each watched process used. */
export interface CpuRun {
  readonly orders: number;
  readonly seconds: number;
  /** CPU seconds (user and system, all threads, read from /proc) by the name given to each process. */
  readonly cpu: Readonly<Record<string, number>>;
}

/**
 * Sends `orders` through `urls` (one closed-loop client per key, no faster than `perSecond` in all
 * when given) and reads the CPU time the `watched` processes used meanwhile, from outside (/proc), so
 * that no code of the benchmark runs in them.
 */
export async function cpuRun(
  urls: readonly string[],
  keys: readonly BenchKey[],
  orders: number,
  flow: OrderFlow,
  watched: Readonly<Record<string, number>>,
  perSecond?: number,
): Promise<CpuRun> {
  const before = Object.fromEntries(Object.entries(watched).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const seconds = await closedLoop(urls, keys, orders, flow, perSecond);
  const cpu = Object.fromEntries(
    Object.entries(watched).map(([name, pid]) => [name, cpuSeconds(pid) - (before[name] ?? Number.NaN)]),
  );
  return { orders, seconds, cpu };
}

/** CPU seconds per order of the processes named `names` together, in a run. */
export function cpuPerOrder(run: CpuRun, ...names: string[]): number {
  return names.reduce((sum, name) => sum + (run.cpu[name] ?? Number.NaN), 0) / run.orders;
}
