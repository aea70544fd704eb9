/**
 * One driver of the matching suite, alone in its process: `matching-child.ts <peer|book|engine>`.
 * Prints one JSON line: its measurement and its operations per CPU-second.
 *
 * Alone, because drivers sharing a process share the JIT's type feedback: the book's bench entries
 * and the engine's orders would make the same FastBook code polymorphic, which no server ever is.
 */
import { loadWorkload, percentiles, sameDepth, type Workload } from '../workload.js';
import type { Measurement } from '../suite.js';
import { bookDriver, engineDriver, peerDriver, type Driver } from './matching-drivers.js';

const DRIVERS = {
  peer: { label: 'nodejs-order-book', make: peerDriver, check: false },
  book: { label: 'txc matching book', make: bookDriver, check: true },
  engine: { label: 'txc engine (apply)', make: engineDriver, check: true },
} as const;

export interface ChildReport {
  readonly measurement: Measurement;
  readonly perCpuSecond: number;
}

/** A fresh driver with the workload's resting orders in place. */
function prefilled(make: (wl: Workload) => Driver, wl: Workload): Driver {
  const d = make(wl);
  for (let i = 0; i < wl.prefill; i++) d.op(i);
  return d;
}

/** Runs every operation once on a prefilled driver; answers the seconds and CPU-seconds they took. */
function pass(make: (wl: Workload) => Driver, wl: Workload, check: string | undefined) {
  const total = wl.prefill + wl.ops;
  const d = prefilled(make, wl);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = wl.prefill; i < total; i++) d.op(i);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(c0);
  if (check !== undefined) sameDepth(check, d.depth(), wl);
  return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

const name = process.argv[2] as keyof typeof DRIVERS;
const driver = DRIVERS[name];
if (driver === undefined) throw new Error(`unknown driver ${name}; drivers: ${Object.keys(DRIVERS).join(', ')}`);
const wl = await loadWorkload();
const check = driver.check ? driver.label : undefined;

// A warm-up pass on a state of its own: the timed passes measure compiled code, as a running venue has.
pass(driver.make, wl, check);
const timed = pass(driver.make, wl, check);

// Latency per operation on a fresh state (garbage-collection pauses included).
const d = prefilled(driver.make, wl);
const total = wl.prefill + wl.ops;
const samples = new Float64Array(wl.ops);
for (let i = wl.prefill; i < total; i++) {
  const s = performance.now();
  d.op(i);
  samples[i - wl.prefill] = performance.now() - s;
}

const report: ChildReport = {
  measurement: {
    label: driver.label,
    perSecond: wl.ops / timed.seconds,
    latency: { ...percentiles(samples), unit: 'us' },
  },
  perCpuSecond: wl.ops / timed.cpuSeconds,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
