/**
 * A condition said when it starts and again every `everyMs` for as long as it lasts (waiting for
 * NATS, for a first engine node; cut off from the leader): often enough to be seen in a log, not so
 * often that it buries everything else.
 */
export class StandingNotice {
  private saidAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly everyMs: number) {}

  /** Whether to say it now; if so, it counts as said. */
  due(): boolean {
    const now = performance.now();
    if (now < this.saidAt + this.everyMs) return false;
    this.saidAt = now;
    return true;
  }
}
