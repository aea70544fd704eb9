import os from 'node:os';
import type { Measurement, Suite, SuiteReport } from '../suite.js';
import { loadWorkload, percentiles, sameDepth, type Workload } from '../workload.js';
import { bookDriver, engineDriver, peerDriver, type Driver } from './matching-drivers.js';

/** Operations per second of CPU time used by the process (GC threads included): steadier on a shared machine. */
const cpuRates: string[] = [];

/** Runs the prefill untimed, then the measured operations: once for throughput, once timing each op. */
function measure(label: string, make: (wl: Workload) => Driver, wl: Workload, check: boolean): Measurement {
  const total = wl.prefill + wl.ops;
  const a = make(wl);
  for (let i = 0; i < wl.prefill; i++) a.op(i);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = wl.prefill; i < total; i++) a.op(i);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(c0);
  cpuRates.push(`${label} ${Math.round(wl.ops / ((cpu.user + cpu.system) / 1e6)).toLocaleString('en-US')}`);
  if (check) sameDepth(label, a.depth(), wl);

  const b = make(wl);
  for (let i = 0; i < wl.prefill; i++) b.op(i);
  const samples = new Float64Array(wl.ops);
  for (let i = wl.prefill; i < total; i++) {
    const s = performance.now();
    b.op(i);
    samples[i - wl.prefill] = performance.now() - s;
  }
  return { label, perSecond: wl.ops / seconds, latency: { ...percentiles(samples), unit: 'us' } };
}

export const matchingSuite: Suite = {
  name: 'matching',
  description:
    'The standard order-book workload (1,000,000 operations after 5,000 resting: 60 % passive adds, 30 % cancels, ' +
    '10 % crossing limits; seed 42): nodejs-order-book, the txc matching book alone, and the full txc engine ' +
    '(holds, fees, settlement, events, state) through `apply`. Throughput from an untimed pass; latency per ' +
    'operation from a second pass (garbage-collection pauses included). txc runs must end in the expected depth.',
  async run(): Promise<SuiteReport> {
    const wl = await loadWorkload();
    const load = os.loadavg()[0] ?? 0;
    cpuRates.length = 0;
    const peer = measure('nodejs-order-book', peerDriver, wl, false);
    const book = measure('txc matching book', bookDriver, wl, true);
    const engine = measure('txc engine (apply)', engineDriver, wl, true);
    return {
      measurements: [peer, book, engine],
      ratios: [
        { label: 'txc book / nodejs-order-book', value: book.perSecond / peer.perSecond, target: 20 },
        { label: 'txc engine / nodejs-order-book', value: engine.perSecond / peer.perSecond },
        { label: 'txc book / 3,000,000 ops/s', value: book.perSecond / 3_000_000, target: 1 },
        { label: 'txc engine / 1,000,000 ops/s', value: engine.perSecond / 1_000_000, target: 1 },
      ],
      notes: [
        `Final depth checked against the generator's expected depth for both txc runs (${wl.expected.finalLive} resting).`,
        `Operations per CPU-second: ${cpuRates.join('; ')}. Load average at start: ${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(load)} on ${os.cpus().length} cores.`,
      ],
    };
  },
};
