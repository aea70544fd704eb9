import { percent, perSecond, roundRatios, takeTurns } from '../rounds.js';
import { median, type Measurement, type Ratio, type Suite, type SuiteReport } from '../suite.js';
import { durableWrites, type BenchStore } from './durable-writes.js';
import { startupTimes } from './startup-time.js';

const CONNECTIONS = 100;
/** Seconds per run: short, so that the runs of one round are close in time (rounds.ts). */
const SECONDS = Number(process.env.TXC_BENCH_SECONDS ?? '3');
/** Durable and no-fsync runs take turns this many times; each ratio is the median of the rounds' own. */
const ROUNDS = Number(process.env.TXC_BENCH_ROUNDS ?? '12');
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
    `a durable and a no-fsync server on each store, loaded in turn for ${SECONDS} s each, ${ROUNDS} rounds (each round ` +
    "starting with the other one) after a 3 s warm-up of each; the median of each and of the rounds' ratios is kept; " +
    `txc in its own processes, PostgreSQL the machine's server on 127.0.0.1. Start-up: \`txc serve\` from spawn ` +
    `to listening on a journal of ${COMMANDS.toLocaleString('en-US')} commands (1,000 users, transfers).`,
  async run(): Promise<SuiteReport> {
    const measurements: Measurement[] = [];
    const ratios: Ratio[] = [];
    const notes: string[] = [];
    for (const store of STORES) {
      const durable = await durableWrites(store, false, CONNECTIONS);
      const unsafe = await durableWrites(store, true, CONNECTIONS).catch(async (error: unknown) => {
        await durable.stop();
        throw error;
      });
      try {
        for (const server of [durable, unsafe]) await server.load('warm-up', 3);
        const runs = await takeTurns([durable, unsafe], ROUNDS, SECONDS);
        const [durableRuns = [], unsafeRuns = []] = runs;
        const ratio = roundRatios(runs, 0, 1);
        measurements.push(median(durableRuns), median(unsafeRuns));
        ratios.push({
          label: `${NAME[store]}: durable / --unsafe-no-fsync, median of ${ROUNDS} rounds`,
          value: ratio.value,
          target: 0.8,
        });
        notes.push(
          `${NAME[store]}, durable / no-fsync round by round (writes/s, the ratio): ` +
            `${durableRuns.map((d, i) => `${perSecond(d)} / ${perSecond(unsafeRuns[i])} (${percent(ratio.values[i] ?? 0)})`).join(', ')}.`,
        );
      } finally {
        await durable.stop();
        await unsafe.stop();
      }
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
