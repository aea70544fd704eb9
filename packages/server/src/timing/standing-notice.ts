/** Half a minute: often enough to be seen in a log, not so often that it buries everything else. */
const EVERY_MS = 30_000;

/**
 * A condition said when it starts and again every half minute for as long as it lasts (waiting for
 * NATS, for a first engine node; cut off from the leader).
 */
export class StandingNotice {
  private saidAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly everyMs = EVERY_MS) {}

  /** Whether to say it now; if so, it counts as said. */
  due(): boolean {
    const now = performance.now();
    if (now < this.saidAt + this.everyMs) return false;
    this.saidAt = now;
    return true;
  }
}
