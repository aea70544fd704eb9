import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, openStore, snapshotOf } from '@txc/server';
import { benchDatabase } from './bench-postgres.js';
import type { BenchStore } from './durable-writes.js';
import { writeJournal } from './journal-fixture.js';

const TXC = fileURLToPath(new URL('../../packages/server/bin/txc.js', import.meta.url));

/** Seconds from `txc serve` starting to its listening on the port (killed at once, -9: no shutdown snapshot). */
function timeStart(dataDir: string, database: string, configFile: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [TXC, 'serve', '--port', '0', '--data-dir', dataDir, '--database', database, '--config', configFile],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!out.includes('"url"')) return;
      const seconds = (performance.now() - started) / 1000;
      child.once('exit', () => resolve(seconds));
      child.kill('SIGKILL');
    });
    child.once('exit', (code) => {
      if (!out.includes('"url"')) reject(new Error(`txc serve exited with ${code}: ${out}`));
    });
  });
}

export interface StartupTimes {
  readonly withoutSnapshot: number;
  readonly withSnapshot: number;
  /** Commands the snapshot start still replays (the journal tail). */
  readonly tail: number;
}

/**
 * Start-up time of a venue whose journal holds `commands` commands: once with no snapshot (replay
 * from genesis), once with a snapshot taken `tail` commands before the end (snapshot + tail).
 */
export async function startupTimes(store: BenchStore, commands: number, tail: number): Promise<StartupTimes> {
  const dataDir = mkdtempSync(join(tmpdir(), 'txc-bench-startup-'));
  const database = store === 'postgres' ? await benchDatabase() : undefined;
  const url = database?.url ?? 'sqlite';
  const configFile = join(dataDir, 'bench-config.json');
  // No periodic snapshot: the first start must replay everything.
  writeFileSync(configFile, JSON.stringify({ snapshots: { everyCommands: 0 }, logLevel: 'info' }));
  try {
    const s = openStore(loadConfig({ env: {}, flags: { dataDir, database: url } }));
    try {
      await s.migrate();
      const atSnapshot = await writeJournal(s, commands - tail);
      await s.saveSnapshot(snapshotOf(atSnapshot), 2);
      await writeJournal(s, commands, atSnapshot);
      const withSnapshot = await timeStart(dataDir, url, configFile);
      await s.db.deleteFrom('snapshots').execute();
      const withoutSnapshot = await timeStart(dataDir, url, configFile);
      return { withoutSnapshot, withSnapshot, tail };
    } finally {
      await s.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}
