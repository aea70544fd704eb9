import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'txc.lock';

/** Who holds a data dir: a server (with the URL of its admin API) or a CLI command. */
export interface LockInfo {
  readonly pid: number;
  readonly holder: 'server' | 'cli';
  /** Base URL of the running server (servers only). */
  readonly url?: string;
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

export function readLock(dataDir: string): LockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as LockInfo;
    return alive(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

/** One process per data dir. A lock left by a dead process is taken over. */
export class DataDirLock {
  private constructor(
    private readonly path: string,
    private info: LockInfo,
  ) {}

  static acquire(dataDir: string, holder: LockInfo['holder']): DataDirLock {
    const path = join(dataDir, LOCK_FILE);
    const info: LockInfo = { pid: process.pid, holder };
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(path, 'wx', 0o600);
        writeSync(fd, JSON.stringify(info));
        closeSync(fd);
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

  /** Records the server's URL so that CLI commands can reach its admin API. */
  announce(url: string): void {
    this.info = { ...this.info, url };
    const fd = openSync(this.path, 'w', 0o600);
    writeSync(fd, JSON.stringify(this.info));
    closeSync(fd);
  }

  release(): void {
    rmSync(this.path, { force: true });
  }
}
