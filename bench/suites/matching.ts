import { execFile } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Suite, SuiteReport } from '../suite.js';
import { loadWorkload } from '../workload.js';
import type { ChildReport } from './matching-child.js';

const CHILD = fileURLToPath(new URL('./matching-child.ts', import.meta.url));

/** Measures one driver in a process of its own (matching-child.ts), one after the other. */
async function measure(driver: 'peer' | 'book' | 'engine'): Promise<ChildReport> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CHILD, driver], {
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as ChildReport;
}

const count = (n: number): string => Math.round(n).toLocaleString('en-US');

export const matchingSuite: Suite = {
  name: 'matching',
  description:
    'The standard order-book workload (1,000,000 operations after 5,000 resting: 60 % passive adds, 30 % cancels, ' +
    '10 % crossing limits; seed 42): nodejs-order-book, the txc matching book alone, and the full txc engine ' +
    '(holds, fees, settlement, events, state) through `apply`, each in a process of its own. Per driver: a ' +
    'warm-up pass, a throughput pass, then a pass timing each operation (garbage-collection pauses included), ' +
    'each on a fresh state. txc runs must end in the expected depth.',
  async run(): Promise<SuiteReport> {
    const wl = await loadWorkload(); // generated here once, before the children read it
    const load = os.loadavg()[0] ?? 0;
    const peer = await measure('peer');
    const book = await measure('book');
    const engine = await measure('engine');
    const all = [peer, book, engine];
    return {
      measurements: all.map((r) => r.measurement),
      ratios: [
        {
          label: 'txc book / nodejs-order-book',
          value: book.measurement.perSecond / peer.measurement.perSecond,
          target: 20,
        },
        { label: 'txc engine / nodejs-order-book', value: engine.measurement.perSecond / peer.measurement.perSecond },
        { label: 'txc book / 3,000,000 ops/s', value: book.measurement.perSecond / 3_000_000, target: 1 },
        { label: 'txc engine / 1,000,000 ops/s', value: engine.measurement.perSecond / 1_000_000, target: 1 },
      ],
      notes: [
        `Final depth checked against the generator's expected depth in every txc pass (${wl.expected.finalLive} resting).`,
        `Operations per CPU-second: ${all.map((r) => `${r.measurement.label} ${count(r.perCpuSecond)}`).join('; ')}. ` +
          `Load average at start: ${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(load)} on ${os.cpus().length} cores.`,
      ],
    };
  },
};
