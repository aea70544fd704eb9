import { closeSync, fsyncSync, openSync } from 'node:fs';

/**
 * Flushes a file's content to disk, so that a name later given to it (a rename, a link) never points
 * at a copy a power loss could cut short.
 */
export function flushFile(file: string): void {
  flush(file, 'r+');
}

/** Flushes a directory's entries (a file linked or renamed into it) to disk. */
export function flushDirectory(dir: string): void {
  flush(dir, 'r');
}

function flush(path: string, flags: string): void {
  const fd = openSync(path, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
