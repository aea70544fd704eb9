import type { Clock } from '../../src/venue/clock.js';

/**
 * A clock that runs with real time from where a test sets it, and jumps when the test says: time
 * windows (24 hours, funding intervals, caches) are crossed without waiting for them.
 */
export class ManualClock implements Clock {
  private offsetMs: number;
  private last = 0;

  /** Starts at `startMs` (Unix milliseconds), now by default. */
  constructor(startMs: number = Date.now()) {
    this.offsetMs = startMs - (performance.timeOrigin + performance.now());
  }

  nowMs(): number {
    return Math.floor(this.nowMicros() / 1000);
  }

  nowMicros(): number {
    const now = Math.floor((performance.timeOrigin + performance.now() + this.offsetMs) * 1000);
    this.last = Math.max(this.last, now);
    return this.last;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
