import type { Job, JobContext } from './job.js';
import { makerQuotes } from './maker-quotes.js';
import { miningRewardsJob } from './mining-rewards.js';
import { simulatedTakers } from './simulated-takers.js';
import { withdrawalPayouts } from './withdrawal-payouts.js';

export type { Job, JobContext };

/** The jobs `--simulate` adds. Features add theirs here. */
export const SIMULATION_JOBS: readonly Job[] = [miningRewardsJob, withdrawalPayouts, makerQuotes, simulatedTakers];

/** Starts the jobs in order; if one cannot start, those already started are stopped before the error goes on. */
export async function startJobs(jobs: readonly Job[], context: JobContext): Promise<() => Promise<void>> {
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async (): Promise<void> => {
    await Promise.all(stops.map((stop) => stop()));
  };
  for (const job of jobs) {
    try {
      stops.push(job.start(context));
    } catch (error) {
      await stopAll();
      throw error;
    }
    context.log.info({ job: job.name }, 'job started');
  }
  return stopAll;
}
