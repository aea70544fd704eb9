import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { fromEarlierBoot, processStart } from './process-start.js';

export const LOCK_FILE = 'txc.lock';

/** Who holds a data dir: a server (with the URL of its admin API) or a CLI command. */
export interface LockInfo {
  readonly pid: number;
  readonly holder: 'server' | 'cli';
  /** Base URL of the running server (servers only). */
  readonly url?: string;
  /** When the holder started (process-start.ts): absent from locks of older txc, or where the system does not say. */
  readonly started?: string;
}

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(readonly info: LockInfo) {
    super(`the data dir is held by ${info.holder} process ${info.pid}`);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The lock files this process took. One that names this process's pid but is not among them was left
 * by an earlier process that had the same pid: in a container the server is pid 1 at every start, so
 * after a hard stop its lock names a live process, the one starting.
 */
const takenHere = new Set<string>();

/**
 * Whether the process that has the lock's pid now is another than the one that wrote it: after a
 * power loss and a reboot, an unrelated process may have the pid, and would hold the data dir for ever.
 * Only a reboot is taken as proof: when in doubt, the lock holds.
 */
function pidReused(info: LockInfo): boolean {
  return info.started !== undefined && fromEarlierBoot(info.started);
}

export function readLock(dataDir: string): LockInfo | undefined {
  const path = resolve(dataDir, LOCK_FILE);
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
    const leftOver = info.pid === process.pid && !takenHere.has(path);
    return alive(info.pid) && !leftOver && !pidReused(info) ? info : undefined;
  } catch {
    return undefined;
  }
}

/** This process's start, as its locks record it: read once, it does not change. */
let ownStart: { readonly value: string | undefined } | undefined;

/**
 * One process per data dir. A lock left by a process that has ended is taken over: its pid is dead,
 * or the lock was written before the machine last booted.
 */
export class DataDirLock {
  private released = false;
  /** A process that ends holding it (stopped while it starts, an error nothing caught) lets it go. */
  private readonly onExit = (): void => this.release();

  private constructor(
    private readonly path: string,
    private info: LockInfo,
  ) {
    process.once('exit', this.onExit);
  }

  static acquire(dataDir: string, holder: LockInfo['holder']): DataDirLock {
    const path = resolve(dataDir, LOCK_FILE);
    ownStart ??= { value: processStart() };
    const info: LockInfo = { pid: process.pid, holder, started: ownStart.value };
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(path, 'wx', 0o600);
        writeSync(fd, JSON.stringify(info));
        closeSync(fd);
        takenHere.add(path);
        return new DataDirLock(path, info);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        const held = readLock(dataDir);
        if (held !== undefined) throw new DataDirLockedError(held);
        rmSync(path, { force: true });
      }
    }
    throw new Error(`cannot take the lock ${path}`);
  }

  /**
   * Takes the lock for a server's start, which keeps it once started (and releases it when it stops)
   * and gives it back when the start fails.
   */
  static async heldFor<T>(dataDir: string, start: (lock: DataDirLock) => Promise<T>): Promise<T> {
    const lock = DataDirLock.acquire(dataDir, 'server');
    try {
      return await start(lock);
    } catch (e) {
      lock.release();
      throw e;
    }
  }

  /** Records the server's URL so that CLI commands can reach its admin API. */
  announce(url: string): void {
    this.info = { ...this.info, url };
    const fd = openSync(this.path, 'w', 0o600);
    writeSync(fd, JSON.stringify(this.info));
    closeSync(fd);
  }

  /** Once: a lock released is another holder's to take, and its file then theirs. */
  release(): void {
    if (this.released) return;
    this.released = true;
    process.removeListener('exit', this.onExit);
    takenHere.delete(this.path);
    rmSync(this.path, { force: true });
  }
}
