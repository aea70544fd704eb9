import { readFileSync } from 'node:fs';
import { uptime } from 'node:os';

/** This machine's current boot, as Linux names it; undefined elsewhere. */
function currentBoot(): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** What a lock records of when its holder started: the boot it runs in (Linux), or undefined. */
export function processStart(): string | undefined {
  const boot = currentBoot();
  return boot === undefined ? undefined : `linux:${boot}`;
}

/**
 * Whether a start `processStart` recorded belongs to an earlier boot of this machine: then no process
 * alive now wrote it, whatever has its pid. Within one boot nothing is concluded: a reader in another
 * PID namespace (a container and its host sharing a data dir) sees another process under the same pid.
 */
export function fromEarlierBoot(started: string): boolean {
  const [kind, boot] = started.split(':');
  const now = currentBoot();
  return kind === 'linux' && boot !== undefined && now !== undefined && now !== boot;
}

/**
 * Whether a file last written at `mtimeMs` was written before this machine last booted (Linux): no
 * process alive now wrote it. A second's slack: the boot time is read from the uptime, to the second.
 */
export function writtenBeforeBoot(mtimeMs: number): boolean {
  return process.platform === 'linux' && mtimeMs < Date.now() - uptime() * 1000 - 1000;
}
