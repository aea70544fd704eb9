/**
 * One route of the http suite on a fresh server, for profiling and for comparing a change:
 * `node --import tsx bench/http/one-route.ts <bare|auth|balance|order> [seconds] [connections]`.
 * Prints the requests/s and latency, the CPU the load generator and the server (all its threads) used per
 * second of the run, and the share of the machine's CPU time that nothing used: on a machine of two
 * cores, they tell which side held the rate back, or that neither did. Then the CPU each request
 * cost the load generator, the server's main thread and its busiest other thread: on two cores
 * shared by three busy threads, a route whose requests cost more CPU in all is served less often. With
 * `TXC_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR"` the server writes its profiles to DIR; with
 * `TXC_BENCH_SERVER_FLAGS` (JSON, e.g. '{"unsafeNoFsync":true}') txc runs with those flags.
 */
import { readdirSync, readFileSync } from 'node:fs';
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

/** One connection per bench key; 100 as in the http suite unless a third argument says otherwise. */
const CONNECTIONS = Number(process.argv[4] ?? '100');

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

/** CPU-seconds used so far, from a /proc stat file (Linux; clock ticks of 1/100 s). */
function cpuSecondsIn(statFile: string): number {
  const fields = (readFileSync(statFile, 'utf8').split(') ')[1] ?? '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU-seconds each thread of a process has used so far, by thread id (the main thread's is the pid). */
function threadSecondsOf(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    threads.set(Number(tid), cpuSecondsIn(`/proc/${pid}/task/${tid}/stat`));
  }
  return threads;
}

/**
 * The server's CPU per request over the run, in microseconds: its main thread's, and that of the
 * busiest other thread (on txc, the SQLite writer), which the cores share with the load generator.
 */
function serverCostPerRequest(
  pid: number,
  before: Map<number, number>,
  requests: number,
): { main: number; other: number; total: number } {
  const after = threadSecondsOf(pid);
  const used = (tid: number): number => (after.get(tid) ?? 0) - (before.get(tid) ?? 0);
  let total = 0;
  let other = 0;
  for (const tid of after.keys()) {
    total += used(tid);
    if (tid !== pid) other = Math.max(other, used(tid));
  }
  const us = (seconds: number): number => (1e6 * seconds) / requests;
  return { main: us(used(pid)), other: us(other), total: us(total) };
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
  const server0 = threadSecondsOf(pid);
  const machine0 = machineTicks();
  const t0 = performance.now();
  const m = await run.load(name, seconds);
  const wall = (performance.now() - t0) / 1000;
  const own = process.cpuUsage(own0);
  const machine1 = machineTicks();
  const requests = m.perSecond * wall;
  const server = serverCostPerRequest(pid, server0, requests);
  const generator = (own.user + own.system) / requests;
  // CPU-seconds per second of the run, in hundredths (a share of one core)
  const perSecond = (us: number): string => `${Math.round((us * requests) / wall / 1e4)} %`;
  const idle = (machine1.idle - machine0.idle) / (machine1.total - machine0.total);
  const us = (n: number): string => `${Math.round(10 * n) / 10} µs`;
  process.stdout.write(
    `${name}: ${Math.round(m.perSecond)} requests/s, p50 ${m.latency?.p50} ms, p99 ${m.latency?.p99} ms; ` +
      `CPU (share of one core): load generator ${perSecond(generator)}, ` +
      `server ${perSecond(server.total)}; machine idle ${Math.round(100 * idle)} %\n` +
      `  CPU per request: load generator ${us(generator)}, server ${us(server.total)} ` +
      `(main thread ${us(server.main)}, busiest other thread ${us(server.other)})\n`,
  );
} finally {
  await run.server.stop();
}
