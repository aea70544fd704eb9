import os from 'node:os';
import { startChild, type Child } from '../http/children.js';
import { benchKeys } from '../http/foundation-suite.js';
import { percent, perSecond, roundRatios } from '../rounds.js';
import { decimals, median, medianOf, type Measurement, type Ratio, type Suite, type SuiteReport } from '../suite.js';
import { framesPerCpuSecond, measureBroadcast, type BroadcastRun } from './broadcast.js';
import { measureLatency, type LatencyRounds } from './latency.js';
import { measureMemory, type MemoryRun } from './memory.js';
import { percentiles } from './percentiles.js';
import { measureRestCost, type RestCost } from './rest-cost.js';
import { SubscriberPool } from './subscriber-pool.js';

const env = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
/** A quick configuration by default: the machine's cores are shared; a full run stays within minutes. */
const ROUNDS = env('TXC_BENCH_ROUNDS', 3);
const SECONDS = env('TXC_BENCH_SECONDS', 3);
/** Crossing orders (and peer POSTs) per round of the latency measurement. */
const ORDERS = env('TXC_BENCH_WS_ORDERS', 100);
/** Idle connections each server holds in the memory measurement. */
const IDLE = env('TXC_BENCH_WS_IDLE', 10_000);
/** Rounds of the memory measurement: each opens 10,000 sockets on two fresh servers, a minute on a shared machine. */
const MEMORY_ROUNDS = env('TXC_BENCH_WS_MEMORY_ROUNDS', 1);
/** Processes holding the client sockets. */
const PROCESSES = env('TXC_BENCH_WS_PROCESSES', 2);
const SUBSCRIBERS = 1000;
/** Connections of the load generator broadcasting as fast as it can. */
const SENDERS = 10;
/** Load connections (one key each) of signed order/new, as in the http suite. */
const REST_CONNECTIONS = 100;
const DEPTH_SUBSCRIBERS = 1000;
const TRADES_SUBSCRIBERS = 100;
/** The depth channel gathers deltas over this long (websocket spec §6.7). */
const DEPTH_INTERVAL_MS = 100;
const HOLD_MS = 2000;
/** The benchmark server's socket settings: connections from one address unlimited, no idle close during a run. */
const TXC_FLAGS = JSON.stringify({
  websocket: { idleTimeoutMs: 3_600_000, connectionsPerMinute: 1_000_000_000, connectionsPerIp: 1_000_000_000 },
});

const ms = (v: number): string => `${decimals(v, 2)} ms`;
const kib = (bytes: number): string => `${decimals(bytes / 1024, 1)} KiB`;
/** "median of 3 rounds", or "1 round". */
const ofRounds = (n: number): string => (n === 1 ? '1 round' : `median of ${n} rounds`);
const count = (n: number): string => n.toLocaleString('en-US');
const load = (): string =>
  os
    .loadavg()
    .map((v) => decimals(v, 2))
    .join(' ');

function latencyRow(label: string, rounds: readonly number[][], seconds: number): Measurement {
  const all = rounds.flat();
  const p = percentiles(all);
  return {
    label: `${label}, ${all.length.toLocaleString('en-US')} samples of ${rounds.length} rounds`,
    perSecond: all.length / seconds,
    latency: { ...p, unit: 'ms' },
  };
}

function latencyReport(l: LatencyRounds): {
  measurements: Measurement[];
  ratios: Ratio[];
  notes: string[];
} {
  const p99 = (rounds: readonly number[][]): number[] => rounds.map((r) => percentiles(r).p99);
  const [trades, depth, peer] = [p99(l.trades), p99(l.depth), p99(l.peer)];
  const tradeRatios = trades.map((t, i) => (3 * (peer[i] ?? Number.NaN)) / t);
  const depthRatios = depth.map((d, i) => (DEPTH_INTERVAL_MS + 3 * (peer[i] ?? Number.NaN)) / d);
  return {
    measurements: [
      latencyRow(`txc: order/new answer → trades_update at the last of ${count(SUBSCRIBERS)}`, l.trades, l.seconds.txc),
      latencyRow(`txc: order/new answer → depth_update at the last of ${count(SUBSCRIBERS)}`, l.depth, l.seconds.txc),
      latencyRow(`peer: POST answer → frame at the last of ${count(SUBSCRIBERS)}`, l.peer, l.seconds.peer),
    ],
    ratios: [
      {
        label: `3 × the peer's p99 / txc's trades_update p99, ${ofRounds(ROUNDS)}`,
        value: medianOf(tradeRatios),
        target: 1,
      },
      {
        label: `(100 ms + 3 × the peer's p99) / txc's depth_update p99, ${ofRounds(ROUNDS)}`,
        value: medianOf(depthRatios),
        target: 1,
      },
    ],
    notes: [
      `Latency p99 by round (trades_update, depth_update, peer): ${trades.map((t, i) => `(${i + 1}) ${ms(t)}, ${ms(depth[i] ?? 0)}, ${ms(peer[i] ?? 0)}`).join('; ')}.`,
    ],
  };
}

function broadcastReport(b: { txc: BroadcastRun[]; peer: BroadcastRun[] }): {
  measurements: Measurement[];
  ratios: Ratio[];
  notes: string[];
} {
  const row = (label: string, runs: readonly BroadcastRun[]): Measurement =>
    median(runs.map((r) => ({ label, perSecond: framesPerCpuSecond(r) })));
  const values = b.txc.map((t, i) => framesPerCpuSecond(t) / framesPerCpuSecond(b.peer[i] as BroadcastRun));
  const describe = (r: BroadcastRun): string =>
    `${r.frames.toLocaleString('en-US')} frames in ${decimals(r.seconds, 1)} s (${perSecond({ label: '', perSecond: r.frames / r.seconds })}/s), ` +
    `${decimals(r.cpuSeconds, 2)} CPU-s, ${perSecond({ label: '', perSecond: r.requestsPerSecond })} requests/s`;
  return {
    measurements: [
      row(`txc: trades_update frames delivered per server CPU-second (${count(SUBSCRIBERS)} subscribers)`, b.txc),
      row(`peer: frames delivered per server CPU-second (${count(SUBSCRIBERS)} connections)`, b.peer),
    ],
    ratios: [
      {
        label: `txc's frames per CPU-second / the peer's, ${ofRounds(ROUNDS)}`,
        value: medianOf(values),
        target: 0.5,
      },
    ],
    notes: [
      `Broadcast by round: ${b.txc.map((t, i) => `(${i + 1}) txc ${describe(t)}; peer ${describe(b.peer[i] as BroadcastRun)} (${percent(values[i] ?? 0)})`).join('; ')}.`,
    ],
  };
}

function memoryReport(m: { txc: MemoryRun[]; peer: MemoryRun[]; notes: string[] }): {
  ratios: Ratio[];
  notes: string[];
} {
  const values = m.txc.map((t, i) => (2 * (m.peer[i]?.bytesPerConnection ?? Number.NaN)) / t.bytesPerConnection);
  const held = Math.min(...[...m.txc, ...m.peer].map((r) => (r.held ? r.connections : 0)));
  const problems = [...m.txc, ...m.peer].flatMap((r) => r.problems);
  return {
    ratios: [
      {
        label: `2 × the peer's resident memory per idle connection / txc's (authorized), ${ofRounds(MEMORY_ROUNDS)}`,
        value: medianOf(values),
        target: 1,
      },
      {
        label: `idle connections held by each server / ${IDLE.toLocaleString('en-US')}`,
        value: held / IDLE,
        target: 1,
      },
    ],
    notes: [
      `Resident memory per idle connection, ${m.txc[0]?.connections.toLocaleString('en-US')} connections held ${HOLD_MS / 1000} s on a fresh server, by round (txc, peer): ` +
        `${m.txc.map((t, i) => `(${i + 1}) ${kib(t.bytesPerConnection)}, ${kib(m.peer[i]?.bytesPerConnection ?? 0)}`).join('; ')}; ` +
        `every connection still open after the hold: ${[...m.txc, ...m.peer].every((r) => r.held) ? 'yes, in every round' : `no (${problems.slice(0, 3).join('; ')})`}.`,
      ...m.notes,
    ],
  };
}

function restReport(rest: RestCost): { measurements: Measurement[]; ratios: Ratio[]; notes: string[] } {
  const [without = [], withSubscribers = []] = rest.cpu;
  const ratio = roundRatios(rest.runs, 1, 0);
  const serverRatios = without.map((w, i) => w.serverPerOrder / (withSubscribers[i]?.serverPerOrder ?? Number.NaN));
  const us = (seconds: number | undefined): string => `${decimals((seconds ?? 0) * 1e6, 0)} µs`;
  const core = (share: number | undefined): string => `${decimals((share ?? 0) * 100, 0)} %`;
  const subscribers = `${count(DEPTH_SUBSCRIBERS)} depth and ${TRADES_SUBSCRIBERS} trades subscribers`;
  return {
    measurements: rest.runs.map(median),
    ratios: [
      { label: `order/new with ${subscribers} / without, ${ofRounds(ROUNDS)}`, value: ratio.value, target: 0.7 },
      {
        label: `the server's CPU per order without subscribers / with them, ${ofRounds(ROUNDS)}`,
        value: medianOf(serverRatios),
      },
    ],
    notes: [
      `order/new requests/s by round (without, with subscribers): ${(rest.runs[0] ?? []).map((w, i) => `(${i + 1}) ${perSecond(w)}, ${perSecond(rest.runs[1]?.[i])} (${percent(ratio.values[i] ?? 0)})`).join('; ')}.`,
      `CPU during each load by round, without subscribers: the server's per order, the load generator's share of a core; ` +
        `with them: the same, the subscriber processes' share of a core and the frames they received per second: ` +
        `${without
          .map((w, i) => {
            const s = withSubscribers[i];
            return `(${i + 1}) ${us(w.serverPerOrder)}, ${core(w.loadCores)}; ${us(s?.serverPerOrder)}, ${core(s?.loadCores)}, ${core(s?.clientCores)}, ${count(Math.round(s?.framesPerSecond ?? 0))}`;
          })
          .join('; ')}.`,
    ],
  };
}

/** Stops a server child unless it has already exited. */
async function stopIfRunning(child: Child<unknown>): Promise<void> {
  if (child.process.exitCode === null && child.process.signalCode === null) await child.stop();
}

/**
 * The WebSocket API against a bare `ws` server (ws-peer.ts) in the same run: latency of a trade to
 * the last of 1,000 subscribers, frames per CPU-second broadcasting, memory per idle connection and
 * 10,000 held, and what 1,100 subscribers cost signed order/new. Clients live in processes of their
 * own; the servers' CPU is read from /proc.
 */
export const wsSuite: Suite = {
  name: 'ws',
  description:
    `txc's WebSocket API against a bare \`ws\` server that broadcasts one frame (serialized once) for each POST it answers; ` +
    `servers and the ${PROCESSES} client processes apart; ${ROUNDS} rounds (memory: ${MEMORY_ROUNDS}), txc and the peer in turn (each round starting with the other); ` +
    `targets judged by the median of the rounds' ratios. txc on SQLite, journal on (fsync per group commit). ` +
    `Load average ${load()} at the start (${os.cpus().length} cores).`,
  async run(): Promise<SuiteReport> {
    const pool = SubscriberPool.start(PROCESSES);
    const txc = await startChild<{ url: string; adminToken: string }>('./txc-server.ts', [TXC_FLAGS]);
    const peer = await startChild<{ url: string }>('../ws/ws-peer.ts');
    const pids = { txc: txc.process.pid as number, peer: peer.process.pid as number };
    try {
      const started = performance.now();
      const phases: string[] = [];
      const timed = async <T>(name: string, phase: Promise<T>): Promise<T> => {
        const t0 = performance.now();
        const result = await phase;
        phases.push(`${name} ${decimals((performance.now() - t0) / 1000, 0)} s`);
        return result;
      };
      const latency = await timed(
        'latency',
        measureLatency({
          txc: txc.info,
          peerUrl: peer.info.url,
          pool,
          subscribers: SUBSCRIBERS,
          rounds: ROUNDS,
          ordersPerRound: ORDERS,
        }),
      );
      const keys = await benchKeys(txc.info.url, txc.info.adminToken, REST_CONNECTIONS, 'ws-load-');
      const broadcast = await timed(
        'broadcast',
        measureBroadcast({
          txc: { url: txc.info.url, pid: pids.txc },
          peer: { url: peer.info.url, pid: pids.peer },
          pool,
          keys,
          subscribers: SUBSCRIBERS,
          senders: SENDERS,
          rounds: ROUNDS,
          seconds: SECONDS,
        }),
      );
      const rest = await timed(
        'REST',
        measureRestCost({
          url: txc.info.url,
          pid: pids.txc,
          pool,
          keys,
          depthSubscribers: DEPTH_SUBSCRIBERS,
          tradesSubscribers: TRADES_SUBSCRIBERS,
          rounds: ROUNDS,
          seconds: SECONDS,
        }),
      );
      // the memory rounds start servers of their own
      await stopIfRunning(txc);
      await stopIfRunning(peer);
      const memory = await timed(
        'memory',
        measureMemory({ pool, connections: IDLE, rounds: MEMORY_ROUNDS, holdMs: HOLD_MS, txcFlags: TXC_FLAGS }),
      );
      const l = latencyReport(latency);
      const b = broadcastReport(broadcast);
      const m = memoryReport(memory);
      const r = restReport(rest);
      return {
        measurements: [...l.measurements, ...b.measurements, ...r.measurements],
        ratios: [...l.ratios, ...b.ratios, ...m.ratios, ...r.ratios],
        notes: [
          ...l.notes,
          ...b.notes,
          ...m.notes,
          ...r.notes,
          `The suite took ${decimals((performance.now() - started) / 1000, 0)} s (${phases.join(', ')}); load average ${load()} at its end.`,
        ],
      };
    } finally {
      pool.stop();
      await Promise.allSettled([stopIfRunning(txc), stopIfRunning(peer)]);
    }
  },
};
