import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (100 on nearly every Linux; asked once). */
const CLOCK_TICKS = ((): number => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU seconds a process has used so far, all its threads (user and system), from /proc/<pid>/stat:
 * read from outside, so that the measured server runs no code of the benchmark's.
 */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the command name, in parentheses, may hold spaces: fields are counted after its closing one
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields 14 (utime) and 15 (stime) of proc(5), here at 11 and 12 as the first two are cut off
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** The resident memory of a process, in bytes (VmRSS of /proc/<pid>/status). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** The most file descriptors a process may hold: its soft RLIMIT_NOFILE (Node raises it to the hard one at start). */
export function openFilesLimit(pid: number | 'self' = 'self'): number {
  const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
  const soft = /^Max open files\s+(\S+)/m.exec(limits)?.[1];
  return soft === undefined || soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}
