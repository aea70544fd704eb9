import { median, type Measurement, type Ratio, type Suite, type SuiteReport } from '../suite.js';
import { durableWrites, type BenchStore } from './durable-writes.js';
import { startupTimes } from './startup-time.js';

const CONNECTIONS = 100;
const SECONDS = Number(process.env.TXC_BENCH_SECONDS ?? '8');
/** Durable and no-fsync runs alternate this many times; the median of each is kept (the cores are shared). */
const REPEATS = Number(process.env.TXC_BENCH_REPEATS ?? '3');
const COMMANDS = Number(process.env.TXC_BENCH_JOURNAL ?? '1000000');
/** Commands journaled after the snapshot in the snapshot start-up (as with snapshots every 100,000). */
const TAIL = Math.min(50_000, Math.floor(COMMANDS / 2));
const STORES: readonly BenchStore[] = ['sqlite', 'postgres'];
const NAME = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;
/** Start-up budget for 1,000,000 journaled commands. */
const STARTUP_BUDGET_S = 10;

function seconds(v: number): string {
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(v)} s`;
}

/**
 * Durability costs: signed order/new requests per second with group commit, fsynced versus
 * --unsafe-no-fsync, on SQLite and PostgreSQL in the same run; and the start-up time of a venue
 * with a long journal, with and without a snapshot.
 */
export const durabilitySuite: Suite = {
  name: 'durability',
  description:
    `autocannon, ${CONNECTIONS} connections (one key each) sending signed order/new (spot limit orders of a flow the venue takes for the whole run), ` +
    `${SECONDS} s per run after a 3 s warm-up, durable and no-fsync runs alternated ${REPEATS} times; ` +
    `txc in its own process, PostgreSQL the machine's server on 127.0.0.1. Start-up: \`txc serve\` from spawn ` +
    `to listening on a journal of ${COMMANDS.toLocaleString('en-US')} commands (1,000 users, transfers).`,
  async run(): Promise<SuiteReport> {
    const measurements: Measurement[] = [];
    const ratios: Ratio[] = [];
    const notes: string[] = [];
    const load = { connections: CONNECTIONS, warmSeconds: 3, seconds: SECONDS };
    for (const store of STORES) {
      const durableRuns: Measurement[] = [];
      const unsafeRuns: Measurement[] = [];
      for (let i = 0; i < REPEATS; i++) {
        durableRuns.push(await durableWrites(store, false, load));
        unsafeRuns.push(await durableWrites(store, true, load));
      }
      const durable = median(durableRuns);
      const unsafe = median(unsafeRuns);
      measurements.push(durable, unsafe);
      notes.push(
        `${NAME[store]} runs (durable / no-fsync, writes/s): ${durableRuns.map((d, i) => `${Math.round(d.perSecond)} / ${Math.round(unsafeRuns[i]?.perSecond ?? 0)}`).join(', ')}.`,
      );
      ratios.push({
        label: `${NAME[store]}: durable / --unsafe-no-fsync`,
        value: durable.perSecond / unsafe.perSecond,
        target: 0.8,
      });
    }
    for (const store of STORES) {
      const t = await startupTimes(store, COMMANDS, TAIL);
      measurements.push(
        {
          label: `start-up, no snapshot: commands replayed/s (${NAME[store]})`,
          perSecond: COMMANDS / t.withoutSnapshot,
        },
        {
          label: `start-up, snapshot + ${TAIL.toLocaleString('en-US')} tail: commands/s (${NAME[store]})`,
          perSecond: COMMANDS / t.withSnapshot,
        },
      );
      ratios.push({
        label: `${NAME[store]}: ${STARTUP_BUDGET_S} s budget / start-up without snapshot`,
        value: STARTUP_BUDGET_S / t.withoutSnapshot,
        target: 1,
      });
      notes.push(
        `${NAME[store]} start-up with ${COMMANDS.toLocaleString('en-US')} journaled commands: ${seconds(t.withoutSnapshot)} without a snapshot, ` +
          `${seconds(t.withSnapshot)} from a snapshot and a ${t.tail.toLocaleString('en-US')}-command tail (process start included).`,
      );
    }
    return { measurements, ratios, notes };
  },
};
