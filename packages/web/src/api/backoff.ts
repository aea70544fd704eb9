const FIRST_MS = 1000;
const MAX_MS = 30_000;

/**
 * The waits between attempts to open a stream that never opened (a stream that did open reconnects by
 * itself, with the same waits): 1 s, doubling up to 30 s, from 1 s again once an attempt succeeded.
 */
export class Backoff {
  private ms = FIRST_MS;

  /** The wait before the next attempt. */
  next(): number {
    const ms = this.ms;
    this.ms = Math.min(MAX_MS, ms * 2);
    return ms;
  }

  reset(): void {
    this.ms = FIRST_MS;
  }
}
