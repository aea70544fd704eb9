import { describe, it } from 'node:test';
import { postgresSkipReason } from '../support/postgres.js';
import { assertTrafficExercised, runCrashScenario } from './crash-scenario.js';

const SEED = Number(process.env.TXC_CRASH_SEED ?? 20_261_102);

describe('crash safety on PostgreSQL (kill -9 under load, restart, check)', async () => {
  const skip = await postgresSkipReason();
  it(`seed ${SEED}: nothing acknowledged is lost, nothing half-applied`, { skip }, async (t) => {
    const report = await runCrashScenario({ store: 'postgres', seed: SEED, rounds: 5 });
    t.diagnostic(JSON.stringify(report));
    assertTrafficExercised(report);
  });
});
