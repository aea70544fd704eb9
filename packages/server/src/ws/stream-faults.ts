import type { FaultBoard } from '../faults/fault-board.js';
import type { FaultRule } from '../faults/fault-rule.js';
import { CLOSE, type StreamMutes, type WsConnection } from './connection.js';
import type { StreamHub } from './stream-hub.js';

/** How often sockets due to close under a `closeSockets` rule are looked for. */
const CLOSE_SWEEP_MS = 100;

/**
 * A sandbox's fault rules as the WebSocket API feels them: paused channels send no updates (and,
 * when the pause ends, every follower gets a fresh snapshot), and under `closeSockets` each socket
 * is closed (1012) that long after it opened, or after the rule was set if it is older.
 */
export class StreamFaults implements StreamMutes {
  active = false;
  private prefixes: string[] = [];
  private paused = new Set<string>();
  private sweep: NodeJS.Timeout | undefined;
  private hub: StreamHub | undefined;
  /** performance.now() when each `closeSockets` rule was first seen: older sockets count from then. */
  private closeRulesSeen = new Map<number, number>();

  constructor(private readonly board: FaultBoard) {}

  /** Starts following the board's rules for `hub` (whose connections were given these mutes). */
  attach(hub: StreamHub): void {
    this.hub = hub;
    this.board.onChange((rules) => this.apply(rules));
    this.apply(this.board.list());
  }

  mutes(text: string): boolean {
    for (const prefix of this.prefixes) if (text.startsWith(prefix)) return true;
    return false;
  }

  stop(): void {
    clearInterval(this.sweep);
    this.sweep = undefined;
  }

  private apply(rules: readonly FaultRule[]): void {
    const paused = new Set<string>();
    for (const rule of rules) if (rule.type === 'pauseStream') paused.add(rule.channel);
    const resumed = [...this.paused].filter((channel) => !paused.has(channel));
    // once per pause of a channel, however many rules hold it paused
    for (const channel of paused) if (!this.paused.has(channel)) this.board.report('pauseStream', `channel ${channel}`);
    this.paused = paused;
    this.prefixes = [...paused].map((channel) => `{"id":null,"method":${JSON.stringify(`${channel}_update`)}`);
    this.active = paused.size > 0;
    for (const channel of resumed) this.hub?.resubscribe(channel);
    this.followCloseRule(rules);
  }

  private followCloseRule(rules: readonly FaultRule[]): void {
    this.stop();
    const seen = new Map<number, number>();
    const due: { afterMs: number; since: number }[] = [];
    for (const rule of rules) {
      if (rule.type !== 'closeSockets') continue;
      const since = this.closeRulesSeen.get(rule.id) ?? performance.now();
      seen.set(rule.id, since);
      due.push({ afterMs: rule.afterSeconds * 1000, since });
    }
    this.closeRulesSeen = seen;
    if (due.length === 0) return;
    const deadline = (conn: WsConnection): number => {
      let at = Infinity;
      for (const rule of due) at = Math.min(at, Math.max(conn.openedAt, rule.since) + rule.afterMs);
      if (at <= performance.now() && !conn.closed) this.board.report('closeSockets', `socket from ${conn.ip}`);
      return at;
    };
    this.sweep = setInterval(
      () => this.hub?.closeDue(deadline, CLOSE.faultInjected, 'closed by a fault rule'),
      CLOSE_SWEEP_MS,
    );
    this.sweep.unref();
  }
}
