import { readFileSync } from 'node:fs';

/** Linux: the start time in clock ticks since boot (field 22 of /proc/<pid>/stat), with the boot it counts from. */
function linuxStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces and parentheses: the fields after it follow its last ')'
    const ticks = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .at(22 - 3);
    // ticks count from each boot again: the same pid may start at the same tick after a reboot
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return ticks === undefined || !/^[0-9]+$/.test(ticks) ? undefined : `linux:${boot}:${ticks}`;
  } catch {
    return undefined;
  }
}

/**
 * When process `pid` started, as Linux tells it: the boot it belongs to, then clock ticks since that
 * boot. Undefined elsewhere, or when there is no such process.
 */
export function processStart(pid: number): string | undefined {
  return process.platform === 'linux' ? linuxStart(pid) : undefined;
}

/**
 * Whether a start `processStart` recorded belongs to an earlier boot of this machine: then no process
 * alive now wrote it, whatever has its pid. Within one boot nothing is concluded: a reader in another
 * PID namespace (a container and its host sharing a data dir) sees another process under the same pid.
 */
export function fromEarlierBoot(started: string): boolean {
  const [kind, boot] = started.split(':');
  if (kind !== 'linux' || boot === undefined) return false;
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() !== boot;
  } catch {
    return false;
  }
}
