import { execFileSync } from 'node:child_process';
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

/** Other Unix systems: the start time `ps` shows (to the second). */
function psStart(pid: number): string | undefined {
  try {
    const text = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5_000,
    }).trim();
    return text === '' ? undefined : `ps:${text}`;
  } catch {
    return undefined;
  }
}

/**
 * When process `pid` started, as a text no other process that has or will have that pid shares: a pid
 * is reused (after a reboot, or once the counter wraps), so a live pid alone does not say the process
 * that wrote it still runs. Undefined when the system does not say (no such process, or neither
 * /proc nor `ps`, as on Windows).
 */
export function processStart(pid: number): string | undefined {
  if (process.platform === 'win32') return undefined;
  return (process.platform === 'linux' ? linuxStart(pid) : undefined) ?? psStart(pid);
}
