import { describe, it } from 'node:test';
import { assertTrafficExercised, runCrashScenario } from './crash-scenario.js';

const SEED = Number(process.env.TXC_CRASH_SEED ?? 20_261_101);

describe('crash safety on SQLite (kill -9 under load, restart, check)', () => {
  it(`seed ${SEED}: nothing acknowledged is lost, nothing half-applied`, async (t) => {
    const report = await runCrashScenario({ store: 'sqlite', seed: SEED, rounds: 5 });
    t.diagnostic(JSON.stringify(report));
    assertTrafficExercised(report);
  });
});
