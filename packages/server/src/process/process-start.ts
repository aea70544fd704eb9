import { readFileSync } from 'node:fs';

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
