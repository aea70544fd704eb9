/** Pushes that may leave back to back after a quiet spell, before the spacing applies. */
export const PUSH_BURST = 3;

/**
 * When a channel's next push may leave: one per `spacingMs` when pushes are sustained, `burst` of
 * them back to back after a quiet spell (a token bucket holding `burst` pushes, refilled one per
 * `spacingMs`). What a push costs the server is one socket write per subscriber, so under load the
 * spacing bounds the writes: over any stretch of time, at most `burst` pushes plus one per
 * `spacingMs`, and a push waits `spacingMs` at most. `spacingMs` 0: nothing ever waits.
 */
export class PushPacing {
  private allowance: number;
  private refilledAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly spacingMs: number,
    private readonly burst = PUSH_BURST,
  ) {
    this.allowance = burst;
  }

  /** How long from `now` until a push may leave: 0 when it may leave now. */
  waitMs(now: number): number {
    this.refill(now);
    return this.allowance >= 1 ? 0 : (1 - this.allowance) * this.spacingMs;
  }

  /**
   * A push left at `now`. One that left without waiting its turn (a subscribe or a stop flushes
   * what is held) spends the allowance all the same, down to none.
   */
  spent(now: number): void {
    this.refill(now);
    this.allowance = Math.max(0, this.allowance - 1);
  }

  private refill(now: number): void {
    const since = now - this.refilledAt;
    this.refilledAt = now;
    this.allowance = this.spacingMs === 0 ? this.burst : Math.min(this.burst, this.allowance + since / this.spacingMs);
  }
}
