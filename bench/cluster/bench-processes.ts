import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchDatabase } from '../durability/bench-postgres.js';
import { startChild, type Child } from '../http/children.js';

/** What a process of the suite prints once it listens. */
export interface ProcessInfo {
  readonly url: string;
  readonly adminToken: string;
  readonly pid: number;
}

export type BenchProcess = Child<ProcessInfo>;
export type Mode = 'serve' | 'node' | 'gateway';

/** A graceful stop that has not ended by then is a kill -9. */
const STOP_WAIT_MS = 10_000;

const running = (child: BenchProcess): boolean => child.process.exitCode === null && child.process.signalCode === null;

function exited(child: BenchProcess): Promise<void> {
  return running(child) ? new Promise((resolve) => child.process.once('exit', () => resolve())) : Promise.resolve();
}

/**
 * Every process, database and data dir the suite makes, so that `end` removes them all, after a
 * failure as after a full run.
 */
export class BenchProcesses {
  private readonly children = new Set<BenchProcess>();
  private readonly drops: (() => Promise<void>)[] = [];
  private readonly root = mkdtempSync(join(tmpdir(), 'txc-bench-cluster-'));

  /** A fresh PostgreSQL database: its URL. */
  async database(): Promise<string> {
    const db = await benchDatabase();
    this.drops.push(db.drop);
    return db.url;
  }

  /** A data dir of its own for the process called `name`. */
  dataDir(name: string): string {
    return join(this.root, name);
  }

  async start(mode: Mode, flags: Readonly<Record<string, unknown>>): Promise<BenchProcess> {
    const child = await startChild<ProcessInfo>('../cluster/cluster-child.ts', [mode, JSON.stringify(flags)]);
    this.children.add(child);
    return child;
  }

  /** kill -9: no shutdown code runs. Resolves once the process is gone. */
  async crash(child: BenchProcess): Promise<void> {
    child.process.kill('SIGKILL');
    await exited(child);
    this.children.delete(child);
  }

  /**
   * Stops what runs, gracefully and the latest started first (a restarted standby, then the gateways,
   * then the leader, which a standby would otherwise take over from), drops the databases and
   * removes the data dirs.
   */
  async end(): Promise<void> {
    for (const child of [...this.children].reverse()) {
      if (!running(child)) continue;
      const timer = setTimeout(() => child.process.kill('SIGKILL'), STOP_WAIT_MS);
      child.process.kill('SIGTERM');
      await exited(child);
      clearTimeout(timer);
    }
    this.children.clear();
    const dropped = await Promise.allSettled(this.drops.map((drop) => drop()));
    rmSync(this.root, { recursive: true, force: true });
    const failed = dropped.find((d) => d.status === 'rejected');
    if (failed !== undefined) throw new Error(`a benchmark database was not dropped: ${String(failed.reason)}`);
  }
}
