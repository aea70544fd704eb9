import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, openStore, serve, snapshotOf } from '@txc/server';
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
 * Milliseconds of `POST /admin/v1/reset` on a demo venue (a running server, in this process) that
 * traded since its first state: what a bot's test suite waits for between two tests.
 */
async function resetTimes(rounds: number): Promise<number[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'txc-bench-reset-'));
  const server = await serve(loadConfig({ env: {}, flags: { dataDir, port: 0, demo: true, logLevel: 'silent' } }));
  const admin = async (path: string, body?: unknown): Promise<void> => {
    const r = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.adminToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`${path} answered ${r.status}`);
  };
  const times: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      // the venue moves between two resets, as a test would move it
      await admin('/admin/v1/users', { name: `tester${i}` });
      await admin('/admin/v1/deposits', { user: `tester${i}`, ticker: 'USDT', amount: '1000' });
      const started = performance.now();
      await admin('/admin/v1/reset');
      times.push(performance.now() - started);
    }
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return times;
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

    const resets = await resetTimes(ROUNDS);

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
      measured('txc: POST /admin/v1/reset of a demo venue to its first state', resets),
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
      {
        label: "the peer's first answer / a demo venue's reset (a saved state loaded)",
        value: peerPingMs / medianOf(resets),
        target: 1,
      },
    ];
    const notes = [
      `Medians: txc --version ${ms(medianOf(version))} (peer's exit ${ms(peerExitMs)}); txc serve --demo on a fresh data dir ` +
        `${ms(medianOf(demo))} (peer's first answer ${ms(peerPingMs)}); txc serve on ${COMMANDS.toLocaleString('en-US')} ` +
        `journaled commands under a snapshot ${ms(medianOf(recovered))}; a demo venue's reset ${ms(medianOf(resets))}.`,
    ];
    return { measurements, ratios, notes };
  },
};
