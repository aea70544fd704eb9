/**
 * One route of the http suite on a fresh server, for profiling and for comparing a change:
 * `node --import tsx bench/http/one-route.ts <bare|auth|balance|order> [seconds]`. Prints the
 * requests/s and latency, the CPU the load generator and the server (all its threads) used per
 * second of the run, and the share of the machine's CPU time that nothing used: on a machine of two
 * cores, they tell which side held the rate back, or that neither did. With
 * `TXC_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR"` the server writes its profiles to DIR; with
 * `TXC_BENCH_SERVER_FLAGS` (JSON, e.g. '{"unsafeNoFsync":true}') txc runs with those flags.
 */
import { readFileSync } from 'node:fs';
import { startChild, type Child } from './children.js';
import { benchKeys } from './foundation-suite.js';
import { ORDER_NEW_PATH, OrderFlow } from './order-flow.js';
import { getLoad, signedLoad, type Fields, type LoadOptions } from './signed-load.js';
import { AUTH_ONLY_PATH, BALANCE_PATH } from './signed-routes.js';
import type { Measurement } from '../suite.js';

/** A route under load: its server, and how to send it `seconds` of requests. */
interface Run {
  readonly server: Child<{ url: string }>;
  load(label: string, seconds: number): Promise<Measurement>;
}

/** As in the http suite: one connection per bench key. */
const CONNECTIONS = 100;

const options = (server: Child<{ url: string }>, seconds: number): LoadOptions => ({
  url: server.info.url,
  connections: CONNECTIONS,
  durationSeconds: seconds,
});

async function signedRun(path: string, fields: Fields): Promise<Run> {
  const server = await startChild<{ url: string; adminToken: string }>('./txc-server.ts', [
    process.env.TXC_BENCH_SERVER_FLAGS ?? '{}',
  ]);
  const keys = await benchKeys(server.info.url, server.info.adminToken, CONNECTIONS, 'bench');
  return { server, load: (label, seconds) => signedLoad(label, path, keys, options(server, seconds), fields) };
}

const ROUTES: Record<string, () => Promise<Run>> = {
  bare: async () => {
    const server = await startChild<{ url: string }>('./bare-server.ts');
    return { server, load: (label, seconds) => getLoad(label, '/ping', options(server, seconds)) };
  },
  auth: () => signedRun(AUTH_ONLY_PATH, {}),
  balance: () => signedRun(BALANCE_PATH, {}),
  order: () => signedRun(ORDER_NEW_PATH, new OrderFlow().next),
};

/** CPU-seconds a process has used so far, all its threads (Linux: /proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The machine's CPU time so far, all cores, and the part of it that was idle (Linux: /proc/stat). */
function machineTicks(): { total: number; idle: number } {
  const cpu = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1).map(Number);
  return { total: cpu.reduce((a, b) => a + b, 0), idle: (cpu[3] ?? 0) + (cpu[4] ?? 0) };
}

const name = process.argv[2] ?? 'auth';
const route = ROUTES[name];
if (route === undefined) throw new Error(`unknown route ${name}; routes: ${Object.keys(ROUTES).join(', ')}`);
const seconds = Number(process.argv[3] ?? '8');
const run = await route();
try {
  const pid = run.server.process.pid ?? 0;
  await run.load('warm-up', 3);
  const own0 = process.cpuUsage();
  const server0 = cpuSecondsOf(pid);
  const machine0 = machineTicks();
  const t0 = performance.now();
  const m = await run.load(name, seconds);
  const wall = (performance.now() - t0) / 1000;
  const own = process.cpuUsage(own0);
  const machine1 = machineTicks();
  // CPU-seconds per second of the run, in hundredths (a share of one core)
  const perSecond = (cpu: number): string => `${Math.round((100 * cpu) / wall)} %`;
  const idle = (machine1.idle - machine0.idle) / (machine1.total - machine0.total);
  process.stdout.write(
    `${name}: ${Math.round(m.perSecond)} requests/s, p50 ${m.latency?.p50} ms, p99 ${m.latency?.p99} ms; ` +
      `CPU (share of one core): load generator ${perSecond((own.user + own.system) / 1e6)}, ` +
      `server ${perSecond(cpuSecondsOf(pid) - server0)}; machine idle ${Math.round(100 * idle)} %\n`,
  );
} finally {
  await run.server.stop();
}
