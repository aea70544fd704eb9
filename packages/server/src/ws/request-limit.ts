/** A connection's allowance per window (websocket spec §4, the newer docs' limits; config `websocket`). */
export interface RequestLimitRule {
  /** Order placements (`*_place`) per window. */
  readonly placementsPerWindow: number;
  /** Every other request (subscriptions, queries, cancels, `authorize`, `ping`) per window. */
  readonly requestsPerWindow: number;
  readonly windowMs: number;
}

/** Order placements count apart from every other request. */
export function isPlacement(method: string): boolean {
  return method.endsWith('_place');
}

/**
 * One connection's request counts in fixed windows. Over either count a request is answered with
 * code 7 and the connection stays open (docs/decisions.md, "WebSocket limits"): only that client waits.
 */
export class RequestLimit {
  private windowStart = Number.NEGATIVE_INFINITY;
  private placements = 0;
  private others = 0;

  constructor(private readonly rule: RequestLimitRule) {}

  /** Counts a request; false when its allowance for this window is spent. */
  admit(method: string, nowMs: number): boolean {
    if (nowMs - this.windowStart >= this.rule.windowMs) {
      this.windowStart = nowMs;
      this.placements = 0;
      this.others = 0;
    }
    if (isPlacement(method)) return ++this.placements <= this.rule.placementsPerWindow;
    return ++this.others <= this.rule.requestsPerWindow;
  }
}
