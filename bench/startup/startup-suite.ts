import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, openStore, snapshotOf } from '@txc/server';
import { writeJournal } from '../durability/journal-fixture.js';
import { inTurns } from '../rounds.js';
import { medianOf, type Measurement, type Ratio, type Suite, type SuiteReport } from '../suite.js';
import { timeToExit, timeToFirstPing } from './start-times.js';

const TXC = fileURLToPath(new URL('../../packages/server/bin/txc.js', import.meta.url));
const PEER = fileURLToPath(new URL('./fastify-peer.mjs', import.meta.url));
/** Each start is measured this many times, txc and the peer in turn; medians are compared. */
const ROUNDS = Number(process.env.TXC_BENCH_ROUNDS ?? '10');
const COMMANDS = Number(process.env.TXC_BENCH_JOURNAL ?? '1000000');
/** The recovery target of the durability suite: a journal of 1,000,000 commands loads within 10 s. */
const RECOVERY_BUDGET_MS = 10_000;

function ms(v: number): string {
  return `${Math.round(v).toLocaleString('en-US')} ms`;
}

/** A measured start: its median and slowest round (shown as p50 and p99), as starts per second. */
function measured(label: string, times: readonly number[]): Measurement {
  return {
    label: `${label}, median of ${times.length}`,
    perSecond: 1000 / medianOf(times),
    latency: { p50: medianOf(times), p99: Math.max(...times), unit: 'ms' },
  };
}

/** A data dir whose SQLite store holds `commands` journaled commands and a snapshot at the last one. */
async function journaledDataDir(commands: number): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'txc-bench-startup-'));
  const store = openStore(loadConfig({ env: {}, flags: { dataDir } }));
  try {
    await store.migrate();
    const state = await writeJournal(store, commands);
    await store.saveSnapshot(snapshotOf(state), 2);
  } finally {
    await store.close();
  }
  return dataDir;
}

/**
 * Start-up: `txc --version` against a Node process that imports Fastify, listens and exits; `txc
 * serve --demo` on a fresh data dir, and `txc serve` on a data dir whose journal holds 1,000,000
 * commands under a snapshot, to the answer of their first ping, against the same process's first
 * answer. Every process is the compiled code run by node.
 */
export const startupSuite: Suite = {
  name: 'startup',
  description:
    `Spawn to exit (\`txc --version\`; the peer: node importing Fastify, listening on a port, closing) and spawn to the ` +
    `answer of the first \`ping\` (\`txc serve --demo\` on a fresh data dir; \`txc serve\` on a SQLite data dir whose ` +
    `journal holds ${COMMANDS.toLocaleString('en-US')} commands with a snapshot at the last; the peer listening and ` +
    `answering), ${ROUNDS} rounds of each, txc and the peer in turn; medians compared.`,
  async run(): Promise<SuiteReport> {
    const [version = [], peerExit = []] = await inTurns(ROUNDS, [
      () => timeToExit([TXC, '--version']),
      () => timeToExit([PEER, '--exit']),
    ]);
    const [demo = [], peerPing = []] = await inTurns(ROUNDS, [
      async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'txc-bench-demo-'));
        try {
          return await timeToFirstPing([TXC, 'serve', '--demo', '--port', '0', '--data-dir', dataDir]);
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
      () => timeToFirstPing([PEER]),
    ]);
    const journaled = await journaledDataDir(COMMANDS);
    let recovered: number[];
    try {
      [recovered = []] = await inTurns(ROUNDS, [
        () => timeToFirstPing([TXC, 'serve', '--port', '0', '--data-dir', journaled]),
      ]);
    } finally {
      rmSync(journaled, { recursive: true, force: true });
    }

    const peerExitMs = medianOf(peerExit);
    const peerPingMs = medianOf(peerPing);
    const measurements = [
      measured('txc --version: spawn to exit', version),
      measured('peer (Fastify imported, listening, closed): spawn to exit', peerExit),
      measured('txc serve --demo, fresh data dir: spawn to first ping answered', demo),
      measured('peer (Fastify listening): spawn to first ping answered', peerPing),
      measured(
        `txc serve, ${COMMANDS.toLocaleString('en-US')} commands under a snapshot: spawn to first ping`,
        recovered,
      ),
    ];
    const ratios: Ratio[] = [
      { label: "2 × the peer's exit / txc --version", value: (2 * peerExitMs) / medianOf(version), target: 1 },
      {
        label: "3 × the peer's first answer / txc serve --demo (fresh)",
        value: (3 * peerPingMs) / medianOf(demo),
        target: 1,
      },
      {
        label: `(10 s recovery budget + the peer's first answer) / txc serve on ${COMMANDS.toLocaleString('en-US')} commands`,
        value: (RECOVERY_BUDGET_MS + peerPingMs) / medianOf(recovered),
        target: 1,
      },
    ];
    const notes = [
      `Medians: txc --version ${ms(medianOf(version))} (peer's exit ${ms(peerExitMs)}); txc serve --demo on a fresh data dir ` +
        `${ms(medianOf(demo))} (peer's first answer ${ms(peerPingMs)}); txc serve on ${COMMANDS.toLocaleString('en-US')} ` +
        `journaled commands under a snapshot ${ms(medianOf(recovered))}.`,
    ];
    return { measurements, ratios, notes };
  },
};
