/**
 * One signed route of the http suite on a fresh txc server, for profiling and for comparing a
 * change: `node --import tsx bench/http/one-route.ts <auth|balance|order> [seconds]`. Prints the
 * requests/s and latency, and the CPU the load generator and the server (all its threads) used per
 * second of the run: on a machine of two cores, they tell which side held the rate back. With
 * `TXC_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR"` the server writes its profiles to DIR.
 */
import { readFileSync } from 'node:fs';
import { startChild } from './children.js';
import { benchKeys } from './foundation-suite.js';
import { ORDER_NEW_PATH, OrderFlow } from './order-flow.js';
import { signedLoad, type Fields } from './signed-load.js';
import { AUTH_ONLY_PATH, BALANCE_PATH } from './signed-routes.js';

const ROUTES: Record<string, () => { path: string; fields: Fields }> = {
  auth: () => ({ path: AUTH_ONLY_PATH, fields: {} }),
  balance: () => ({ path: BALANCE_PATH, fields: {} }),
  order: () => ({ path: ORDER_NEW_PATH, fields: new OrderFlow().next }),
};

/** CPU-seconds a process has used so far, all its threads (Linux: /proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const name = process.argv[2] ?? 'auth';
const route = ROUTES[name];
if (route === undefined) throw new Error(`unknown route ${name}; routes: ${Object.keys(ROUTES).join(', ')}`);
const seconds = Number(process.argv[3] ?? '8');
const { path, fields } = route();
const txc = await startChild<{ url: string; adminToken: string }>('./txc-server.ts');
try {
  const pid = txc.process.pid ?? 0;
  const keys = await benchKeys(txc.info.url, txc.info.adminToken, 100, 'bench');
  const load = { url: txc.info.url, connections: 100, durationSeconds: seconds };
  await signedLoad('warm-up', path, keys, { ...load, durationSeconds: 3 }, fields);
  const own0 = process.cpuUsage();
  const server0 = cpuSecondsOf(pid);
  const t0 = performance.now();
  const m = await signedLoad(name, path, keys, load, fields);
  const wall = (performance.now() - t0) / 1000;
  const own = process.cpuUsage(own0);
  // CPU-seconds per second of the run, in hundredths (a share of one core)
  const perSecond = (cpu: number): string => `${Math.round((100 * cpu) / wall)} %`;
  process.stdout.write(
    `${name}: ${Math.round(m.perSecond)} requests/s, p50 ${m.latency?.p50} ms, p99 ${m.latency?.p99} ms; ` +
      `CPU (share of one core): load generator ${perSecond((own.user + own.system) / 1e6)}, ` +
      `server ${perSecond(cpuSecondsOf(pid) - server0)}\n`,
  );
} finally {
  await txc.stop();
}
