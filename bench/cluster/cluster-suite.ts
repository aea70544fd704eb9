import os from 'node:os';
import { benchKeys } from '../http/foundation-suite.js';
import { OrderFlow } from '../http/order-flow.js';
import type { BenchKey } from '../http/signed-load.js';
import { inTurns, percent } from '../rounds.js';
import { decimals, medianOf, type Measurement, type Ratio, type Suite, type SuiteReport } from '../suite.js';
import { percentiles } from '../ws/percentiles.js';
import { BenchCluster, type LeaseSettings } from './bench-cluster.js';
import { BenchProcesses, type BenchProcess } from './bench-processes.js';
import { cpuPerOrder, cpuRun, type CpuRun } from './cpu-per-order.js';
import { failoverTime, RETRY_EVERY_MS } from './failover.js';
import { closedLoop, sequentialLatencies } from './order-client.js';

const env = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
const ROUNDS = env('TXC_BENCH_ROUNDS', 3);
/** Orders of each CPU run, on the all-in-one server as on the cluster. */
const ORDERS = env('TXC_BENCH_CLUSTER_ORDERS', 3000);
/** Closed-loop clients of the CPU runs (one key each), half through each gateway. */
const CLIENTS = 16;
/** Sequential orders of one client, per round, for the latency of the gateway hop. */
const LATENCY_ORDERS = env('TXC_BENCH_CLUSTER_LATENCY_ORDERS', 300);
const KILLS = env('TXC_BENCH_CLUSTER_KILLS', 5);
/** A short lease, so that a failover is seen in a few seconds (the default ttl is 3,000 ms). */
const LEASE: LeaseSettings = { ttlMs: 1_000, followPollMs: 100 };
/** The target: the leader spends at most this share of the all-in-one server's CPU on an order. */
const LEADER_CPU_TARGET = 0.4;
const GATEWAY_CORES = [4, 8, 16];

const us = (seconds: number): string => `${Math.round(seconds * 1e6)} µs`;
const ms = (v: number): string => `${decimals(v, 1)} ms`;
const count = (n: number): string => Math.round(n).toLocaleString('en-US');
const load = (): string =>
  os
    .loadavg()
    .map((v) => decimals(v, 2))
    .join(' ');

/** The venue's two fronts, and the keys each holds: CLIENTS for the load, one for the single client. */
interface Fronts {
  readonly allInOne: BenchProcess;
  readonly cluster: BenchCluster;
  readonly keys: { readonly allInOne: BenchKey[]; readonly cluster: BenchKey[] };
}

async function startFronts(processes: BenchProcesses): Promise<Fronts> {
  const allInOne = await processes.start('serve', {
    database: await processes.database(),
    dataDir: processes.dataDir('all-in-one'),
  });
  const cluster = await BenchCluster.start(processes, LEASE);
  const gateway = cluster.gateways[0]!.info.url;
  return {
    allInOne,
    cluster,
    keys: {
      allInOne: await benchKeys(allInOne.info.url, allInOne.info.adminToken, CLIENTS + 1, 'cluster-bench-'),
      cluster: await benchKeys(gateway, cluster.adminToken, CLIENTS + 1, 'cluster-bench-'),
    },
  };
}

/**
 * Rows of the per-order CPU: orders per CPU-second (the medians of the rounds), the target's ratio by
 * round (both fronts under the same clients), and the same ratio at equal load (the all-in-one server
 * paced to the rate the cluster reached: a group commit then carries as many orders on both).
 */
function cpuReport(allInOne: CpuRun[], allInOneAtRate: CpuRun[], cluster: CpuRun[]) {
  const server = allInOne.map((r) => cpuPerOrder(r, 'server'));
  const serverAtRate = allInOneAtRate.map((r) => cpuPerOrder(r, 'server'));
  const leader = cluster.map((r) => cpuPerOrder(r, 'leader'));
  const gateways = cluster.map((r) => cpuPerOrder(r, 'G1', 'G2'));
  const standby = cluster.map((r) => cpuPerOrder(r, 'standby'));
  const values = leader.map((l, i) => l / (server[i] ?? Number.NaN));
  const atRate = leader.map((l, i) => l / (serverAtRate[i] ?? Number.NaN));
  const rateOf = (r: CpuRun | undefined): number => (r === undefined ? Number.NaN : r.orders / r.seconds);
  const row = (label: string, perOrder: number[], runs: CpuRun[]): Measurement => ({
    label: `${label}; ${count(medianOf(runs.map(rateOf)))} orders/s`,
    perSecond: 1 / medianOf(perOrder),
  });
  const medians = { server: medianOf(server), leader: medianOf(leader), gateways: medianOf(gateways) };
  return {
    medians,
    measurements: [
      row(`all-in-one \`txc serve\`: orders per server CPU-second, ${CLIENTS} clients`, server, allInOne),
      row(`cluster: orders per leader CPU-second, ${CLIENTS} clients through 2 gateways`, leader, cluster),
      row('cluster: orders per CPU-second of the 2 gateways together (same runs)', gateways, cluster),
      row(
        "all-in-one `txc serve` paced to the cluster's rate: orders per server CPU-second",
        serverAtRate,
        allInOneAtRate,
      ),
    ],
    ratios: [
      {
        label: `leader CPU per order / all-in-one server CPU per order, median of ${ROUNDS} rounds`,
        value: medianOf(values),
        target: LEADER_CPU_TARGET,
        atMost: true,
      },
      {
        label: `leader CPU per order / all-in-one server's at the cluster's rate, median of ${ROUNDS} rounds`,
        value: medianOf(atRate),
      },
    ] satisfies Ratio[],
    note:
      `CPU per order by round (all-in-one; leader, 2 gateways, standby; all-in-one at the cluster's rate): ` +
      allInOne
        .map(
          (r, i) =>
            `(${i + 1}) ${us(server[i] ?? 0)}; ${us(leader[i] ?? 0)}, ${us(gateways[i] ?? 0)}, ${us(standby[i] ?? 0)}; ` +
            `${us(serverAtRate[i] ?? 0)} (${percent(values[i] ?? 0)}, at equal rate ${percent(atRate[i] ?? 0)}; ` +
            `${count(rateOf(r))} vs ${count(rateOf(cluster[i]))} orders/s)`,
        )
        .join('; ') +
      '.',
  };
}

/** Orders/s the leader could take with `cores` gateway cores: its own CPU per order, or the gateways', whichever binds. */
function projection(m: { leader: number; gateways: number }): string {
  const ceiling = 1 / m.leader;
  const rows = GATEWAY_CORES.map((c) => `${c} gateway cores ${count(Math.min(ceiling, c / m.gateways))}/s`);
  return (
    `Projection from these 2-core measurements (not measured): one leader core takes ${count(ceiling)} orders/s; ` +
    `gateways spend ${us(m.gateways)} per order, so ${rows.join(', ')} (the lesser of the leader's ceiling and the ` +
    `gateways' cores ÷ their CPU per order; PostgreSQL's own CPU and commit rate are not in it).`
  );
}

function latencyRow(label: string, rounds: number[][]): Measurement {
  const all = rounds.flat();
  const p = percentiles(all);
  return {
    label: `${label}, ${all.length} sequential orders of ${rounds.length} rounds`,
    perSecond: 1000 / medianOf(all),
    latency: { p50: p.p50, p99: p.p99, unit: 'ms' },
  };
}

function latencyReport(allInOne: number[][], gateway: number[][]) {
  const direct = percentiles(allInOne.flat());
  const hop = percentiles(gateway.flat());
  return {
    measurements: [
      latencyRow('all-in-one `txc serve`: signed order/new, one client', allInOne),
      latencyRow('cluster, through a gateway: signed order/new, one client', gateway),
    ],
    ratios: [
      { label: 'order/new p50 through a gateway / on the all-in-one server', value: hop.p50 / direct.p50 },
      { label: 'order/new p99 through a gateway / on the all-in-one server', value: hop.p99 / direct.p99 },
    ] satisfies Ratio[],
    note:
      `The gateway hop adds ${ms(hop.p50 - direct.p50)} at p50 and ${ms(hop.p99 - direct.p99)} at p99; ` +
      `p50 by round (all-in-one, gateway): ${allInOne.map((a, i) => `(${i + 1}) ${ms(percentiles(a).p50)}, ${ms(percentiles(gateway[i] ?? []).p50)}`).join('; ')}.`,
  };
}

function failoverRow(times: number[]): Measurement {
  return {
    label: `failover: kill -9 of the leader to the first write acknowledged through a gateway, ${times.length} kills (p99 column: the slowest)`,
    perSecond: 1000 / medianOf(times),
    latency: { p50: medianOf(times), p99: Math.max(...times), unit: 'ms' },
  };
}

async function measure(f: Fronts) {
  const flow = new OrderFlow();
  const gateways = f.cluster.gateways.map((g) => g.info.url);
  const [allKey, clusterKey] = [f.keys.allInOne.at(-1)!, f.keys.cluster.at(-1)!];
  const loadKeys = { allInOne: f.keys.allInOne.slice(0, CLIENTS), cluster: f.keys.cluster.slice(0, CLIENTS) };
  // JIT and pools warm on both before anything is measured
  await closedLoop([f.allInOne.info.url], loadKeys.allInOne, 1000, flow);
  await closedLoop(gateways, loadKeys.cluster, 1000, flow);
  const [direct = [], hop = []] = await inTurns(ROUNDS, [
    () => sequentialLatencies(f.allInOne.info.url, allKey, LATENCY_ORDERS, flow),
    () => sequentialLatencies(gateways[0]!, clusterKey, LATENCY_ORDERS, flow),
  ]);
  const allInOneRun = (perSecond?: number): Promise<CpuRun> =>
    cpuRun([f.allInOne.info.url], loadKeys.allInOne, ORDERS, flow, { server: f.allInOne.info.pid }, perSecond);
  const [allInOneRounds = [], clusterRounds = []] = await inTurns<{ run: CpuRun; atRate?: CpuRun }>(ROUNDS, [
    async () => ({ run: await allInOneRun() }),
    async () => {
      const run = await cpuRun(gateways, loadKeys.cluster, ORDERS, flow, {
        leader: f.cluster.leader().info.pid,
        standby: f.cluster.standby()?.info.pid ?? Number.NaN,
        G1: f.cluster.gateways[0]!.info.pid,
        G2: f.cluster.gateways[1]!.info.pid,
      });
      // right after, the all-in-one server at the rate the cluster reached: CPU per order at equal load
      return { run, atRate: await allInOneRun(run.orders / run.seconds) };
    },
  ]);
  const allInOne = allInOneRounds.map((r) => r.run);
  const cluster = clusterRounds.map((r) => r.run);
  const allInOneAtRate = clusterRounds.map((r) => r.atRate!);
  const failovers: number[] = [];
  for (let kill = 0; kill < KILLS; kill++) failovers.push(await failoverTime(f.cluster, clusterKey, flow));
  return { direct, hop, allInOne, allInOneAtRate, cluster, failovers };
}

/**
 * A cluster of two engine nodes and two gateways against one `txc serve`, both on PostgreSQL, in the
 * same run: the leader's CPU per order, the latency the gateway hop adds, and the time a kill -9 of
 * the leader stops writes for.
 */
export const clusterSuite: Suite = {
  name: 'cluster',
  description:
    `A cluster (engine nodes A and B on one PostgreSQL database, lease ttl ${LEASE.ttlMs} ms, standby polling every ` +
    `${LEASE.followPollMs} ms besides each commit's notification; gateways G1 and G2; NATS) against an all-in-one ` +
    `\`txc serve\` on a PostgreSQL database of its own, every process on this machine's ${os.cpus().length} cores ` +
    `with the clients (fetch, keep-alive). Orders: the http suite's signed order/new flow on BTC_USDT, half of them ` +
    `trading, half resting; journal on (fsync per group commit). CPU: ${count(ORDERS)} orders per run from ${CLIENTS} ` +
    `closed-loop clients (through G1 and G2 alike), process CPU read from /proc; latency: ${LATENCY_ORDERS} ` +
    `sequential orders of one client per round; ${ROUNDS} rounds, the all-in-one server and the cluster in turn. ` +
    `Failover: ${KILLS} kills -9 of the leader, a client sending an order every ${RETRY_EVERY_MS} ms (fresh nonces, ` +
    `through G1 and G2 in turn) from the kill on. Load average ${load()} at the start.`,
  async run(): Promise<SuiteReport> {
    const processes = new BenchProcesses();
    try {
      const started = performance.now();
      const m = await measure(await startFronts(processes));
      const cpu = cpuReport(m.allInOne, m.allInOneAtRate, m.cluster);
      const latency = latencyReport(m.direct, m.hop);
      return {
        measurements: [
          ...cpu.measurements,
          ...latency.measurements,
          ...(m.failovers.length === 0 ? [] : [failoverRow(m.failovers)]),
        ],
        ratios: [...cpu.ratios, ...latency.ratios],
        notes: [
          cpu.note,
          latency.note,
          `Failover by kill (lease ttl ${LEASE.ttlMs} ms): ${m.failovers.map(ms).join(', ')}.`,
          projection(cpu.medians),
          `The suite took ${decimals((performance.now() - started) / 1000, 0)} s; load average ${load()} at its end.`,
        ],
      };
    } finally {
      await processes.end();
    }
  },
};
