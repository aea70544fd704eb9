import type { Clock } from '../../src/venue/sequencer/clock.js';

/**
 * A clock that runs with real time from where a test sets it, and jumps when the test says: time
 * windows (24 hours, funding intervals, caches) are crossed without waiting for them.
 */
export class ManualClock implements Clock {
  private offsetMs: number;
  private last = 0;
  /** Set while the clock stands still: the microsecond it stopped at. */
  private stoppedAt: number | undefined;

  /** Starts at `startMs` (Unix milliseconds), now by default. */
  constructor(startMs: number = Date.now()) {
    this.offsetMs = startMs - (performance.timeOrigin + performance.now());
  }

  nowMs(): number {
    return Math.floor(this.nowMicros() / 1000);
  }

  nowMicros(): number {
    if (this.stoppedAt !== undefined) return this.stoppedAt;
    const now = Math.floor((performance.timeOrigin + performance.now() + this.offsetMs) * 1000);
    this.last = Math.max(this.last, now);
    return this.last;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
    if (this.stoppedAt !== undefined) this.stoppedAt += ms * 1000;
  }

  /** Stops real time from moving the clock (only `advance` does), for assertions that a slow machine could cross. */
  stop(): void {
    this.stoppedAt = this.nowMicros();
  }

  /** Runs `steps` with the clock standing still, then lets real time move it again (also when a step fails). */
  async standingStill<T>(steps: () => Promise<T>): Promise<T> {
    this.stop();
    try {
      return await steps();
    } finally {
      this.resume();
    }
  }

  /** Lets real time move the clock again, from where it stands. */
  resume(): void {
    if (this.stoppedAt === undefined) return;
    this.offsetMs = this.stoppedAt / 1000 - (performance.timeOrigin + performance.now());
    this.stoppedAt = undefined;
  }
}
