import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Config } from '../config/schema.js';
import { sqliteFileOf } from '../store/store-location.js';
import { flushDirectory } from './flush-to-disk.js';
import { fromEarlierBoot, processStart, writtenBeforeBoot } from './process-start.js';

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
  /** `store`: the SQLite file whose own lock (beside it) is held, when that is the one refused. */
  constructor(
    readonly info: LockInfo,
    store?: string,
  ) {
    super(
      `${store === undefined ? 'the data dir' : `the store ${store}`} is held by ${info.holder} process ${info.pid}`,
    );
  }
}

/** A lock file txc did not write (it writes each whole, at once): emptied or damaged by hand. */
export class DamagedLockError extends Error {
  override readonly name = 'DamagedLockError';
  constructor(path: string) {
    super(`the lock ${path} cannot be read: if no txc process uses it, remove the file`);
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
  return readLockFile(resolve(dataDir, LOCK_FILE));
}

/** The lock at `path` as it was read: its text, and its live holder (none: the lock may be taken over). */
interface ReadLock {
  readonly text: string;
  readonly holder: LockInfo | undefined;
}

/** The live holder of the lock at `path`, if any. */
function readLockFile(path: string): LockInfo | undefined {
  return readLockText(path)?.holder;
}

/**
 * The lock at `path`, undefined when there is none. A lock that is not txc's whole record (emptied
 * or damaged by hand) is refused, not taken, unless it was written before the machine last booted:
 * then no process alive now holds it (a power loss may leave a lock written just before it empty).
 */
function readLockText(path: string): ReadLock | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // a read of a directory fails naming no path: the operator is told which
    throw Object.assign(e as NodeJS.ErrnoException, { path });
  }
  let info: Partial<LockInfo> | null;
  try {
    info = JSON.parse(text) as Partial<LockInfo> | null;
  } catch {
    info = null;
  }
  if (info === null || typeof info !== 'object' || !Number.isSafeInteger(info.pid)) {
    if (writtenBeforeBoot(statSync(path).mtimeMs)) return { text, holder: undefined };
    throw new DamagedLockError(path);
  }
  const whole = info as LockInfo;
  const leftOver = whole.pid === process.pid && !takenHere.has(path);
  return { text, holder: alive(whole.pid) && !leftOver && !pidReused(whole) ? whole : undefined };
}

/**
 * Writes `info` to a file of its own beside `path`, flushed to disk, and then puts it there whole:
 * linked when the lock is taken (which fails if another holds it), renamed over it when its holder
 * rewrites it, so that a reader never sees a lock half-written, nor a power loss an empty one.
 */
function writeLockFile(path: string, info: LockInfo, take: boolean): void {
  const partial = `${path}.${process.pid}.partial`;
  const fd = openSync(partial, 'w', 0o600);
  try {
    writeSync(fd, JSON.stringify(info));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    if (take) linkSync(partial, path);
    else renameSync(partial, path);
  } finally {
    rmSync(partial, { force: true });
  }
  flushDirectory(dirname(path));
}

/** This process's start, as its locks record it: read once, it does not change. */
let ownStart: { readonly value: string | undefined } | undefined;

/**
 * One process per data dir, and per SQLite store: a store named by path (`sqlite:/…`) may lie outside
 * the data dir, or be named from two, so its file has a lock of its own beside it. A lock left by a
 * process that has ended is taken over: its pid is dead, or the lock was written before the machine
 * last booted.
 */
export class DataDirLock {
  private released = false;
  /** A process that ends holding it (stopped while it starts, an error nothing caught) lets it go. */
  private readonly onExit = (): void => this.release();

  private constructor(
    /** The data dir's lock first, then its store's. */
    private readonly paths: readonly string[],
    private info: LockInfo,
  ) {
    process.once('exit', this.onExit);
  }

  /** `storeFile`: the SQLite file of the venue's store, if it has one (store-location.ts `sqliteFileOf`). */
  static acquire(dataDir: string, holder: LockInfo['holder'], storeFile?: string): DataDirLock {
    ownStart ??= { value: processStart() };
    const info: LockInfo = { pid: process.pid, holder, started: ownStart.value };
    const dirLock = resolve(dataDir, LOCK_FILE);
    take(dirLock, info);
    if (storeFile === undefined) return new DataDirLock([dirLock], info);
    // one file named two ways (a symbolic link) has one lock: SQLite follows the link for its WAL
    const storeLock = `${existsSync(storeFile) ? realpathSync(storeFile) : resolve(storeFile)}${STORE_LOCK_SUFFIX}`;
    try {
      take(storeLock, info, storeFile);
    } catch (e) {
      forget(dirLock);
      throw e;
    }
    return new DataDirLock([dirLock, storeLock], info);
  }

  /** The locks of a venue's data dir and of its SQLite store, wherever that lies. */
  static forVenue(config: Pick<Config, 'dataDir' | 'database'>, holder: LockInfo['holder']): DataDirLock {
    return DataDirLock.acquire(config.dataDir, holder, sqliteFileOf(config.database, config.dataDir));
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
    for (const path of this.paths) writeLockFile(path, this.info, false);
  }

  /** Once: a lock released is another holder's to take, and its file then theirs. */
  release(): void {
    if (this.released) return;
    this.released = true;
    process.removeListener('exit', this.onExit);
    for (const path of this.paths) forget(path);
  }
}

/** Beside a SQLite store's file: its own lock. */
export const STORE_LOCK_SUFFIX = '.lock';

/** Takes the lock at `path`, or says who holds it (`store`: the SQLite file it guards). */
function take(path: string, info: LockInfo, store?: string): void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeLockFile(path, info, true);
      takenHere.add(path);
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const held = readLockText(path);
      if (held === undefined) continue;
      if (held.holder !== undefined) throw new DataDirLockedError(held.holder, store);
      setAside(path, held.text, store);
    }
  }
  throw new Error(`cannot take the lock ${path}`);
}

/**
 * Removes a lock its holder left (`text`, as it was read). Moved aside first, and put back if what was
 * moved is not what was read: another process starting at the same moment may have taken it over
 * since, and its lock must stay.
 */
function setAside(path: string, text: string, store: string | undefined): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  try {
    const moved = readFileSync(aside, 'utf8');
    if (moved === text) return;
    try {
      linkSync(aside, path);
    } catch {
      // a third process took the lock meanwhile: it is held either way
    }
    const holder = readLockFile(path);
    if (holder !== undefined) throw new DataDirLockedError(holder, store);
  } finally {
    rmSync(aside, { force: true });
  }
}

/** Removes this process's lock at `path`: one another process has taken since (this one was taken for dead) stays. */
function forget(path: string): void {
  takenHere.delete(path);
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockInfo>;
    if (info.pid !== process.pid) return;
  } catch {
    // gone, or not a lock txc wrote: nothing of this process's to remove
    return;
  }
  rmSync(path, { force: true });
}
