import { describe, it } from 'node:test';
import { assertTrafficExercised, runCrashScenario } from '../durability/crash-scenario.js';
import { natsSkipReason } from '../support/nats.js';
import { postgresSkipReason } from '../support/postgres.js';

const SEED = Number(process.env.TXC_CRASH_SEED ?? 20_261_129);

describe('failover of a cluster of two engine nodes (kill -9 the leader under load)', async () => {
  const skip = (await postgresSkipReason()) ?? (await natsSkipReason());
  it(
    `seed ${SEED}: the standby takes over with nothing acknowledged lost, nothing half-applied`,
    { skip },
    async (t) => {
      const report = await runCrashScenario({ store: 'postgres', seed: SEED, rounds: 5, cluster: true });
      t.diagnostic(JSON.stringify(report));
      assertTrafficExercised(report);
    },
  );
});

describe('failover behind two gateways (kill -9 the leader under load through both)', async () => {
  const skip = (await postgresSkipReason()) ?? (await natsSkipReason());
  it(`seed ${SEED}: writes resume through both gateways, nothing acknowledged lost`, { skip }, async (t) => {
    const report = await runCrashScenario({ store: 'postgres', seed: SEED + 1, rounds: 5, cluster: 'gateways' });
    t.diagnostic(JSON.stringify(report));
    assertTrafficExercised(report);
  });
});
