import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { AdminError } from '../admin/admin-input.js';
import {
  parseFaultRule,
  SHARE_SCALE,
  shareMillionths,
  type FaultRule,
  type FaultTargets,
  type FaultType,
} from './fault-rule.js';

/** What a request of a route group meets: a delay first, then perhaps a refusal. */
export interface RequestFault {
  readonly delayMs: number;
  readonly refuse: 503 | 429 | undefined;
}

/** What a request meets when no rule touches it (the same object each time: compare by identity). */
export const NO_FAULT: RequestFault = { delayMs: 0, refuse: undefined };

export interface FaultBoardOptions {
  /** The venue's clock (Unix milliseconds): when rules were set and end. */
  readonly now: () => number;
  /** Seeds the draws (which requests are refused, random delays): the same seed, the same draws. */
  readonly seed: number;
  /** Whether rules may be set at all (a sandbox: `--demo` or `--allow-faults`). */
  readonly allowed: boolean;
  /** Told each fault injected, by rule type (metrics and the log). */
  readonly injected?: (type: FaultType, detail: string) => void;
}

/**
 * The faults in force: rules set through the admin API, each until cleared or until it ends by
 * itself. The HTTP layer asks it about each request, the WebSocket hub about sockets and channels,
 * the order entry about halted markets. A fault never touches the venue's state: what it refuses
 * never reaches the engine.
 */
export class FaultBoard {
  private readonly rules = new Map<number, FaultRule>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly listeners: ((rules: readonly FaultRule[]) => void)[] = [];
  private readonly rng;
  private nextId = 1;
  /** Whether any rule holds: the question every request asks first. */
  private any = false;

  constructor(private readonly options: FaultBoardOptions) {
    this.rng = xoroshiro128plus(options.seed);
  }

  /** Sets a rule from the admin API's body; answers it as it holds. */
  add(input: unknown, targets: FaultTargets): FaultRule {
    if (!this.options.allowed) {
      throw new AdminError(
        'adminConflict',
        'Faults are for sandboxes: start the server with --demo or --allow-faults.',
      );
    }
    const now = this.options.now();
    const rule = parseFaultRule(input, targets, this.nextId, now);
    this.nextId += 1;
    this.rules.set(rule.id, rule);
    if (rule.expiresAt !== null) {
      const timer = setTimeout(() => this.remove(rule.id), rule.expiresAt - now);
      timer.unref();
      this.timers.set(rule.id, timer);
    }
    this.changed();
    return rule;
  }

  list(): FaultRule[] {
    return [...this.rules.values()];
  }

  /** Clears one rule; false when there is no such rule. */
  remove(id: number): boolean {
    if (!this.rules.delete(id)) return false;
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    this.changed();
    return true;
  }

  /** Clears every rule; answers how many there were. */
  clear(): number {
    const count = this.rules.size;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.rules.clear();
    if (count > 0) this.changed();
    return count;
  }

  /** Told the rules whenever they change (set, cleared, ended). */
  onChange(listener: (rules: readonly FaultRule[]) => void): void {
    this.listeners.push(listener);
  }

  /** What a request of route group `group` meets now; each refusal and delay is reported. */
  forRequest(group: string, route: string): RequestFault {
    if (!this.any) return NO_FAULT;
    let delayMs = 0;
    let refuse: 503 | 429 | undefined;
    for (const rule of this.rules.values()) {
      if (rule.type !== 'latency' && rule.type !== 'error') continue;
      if (!rule.routes.includes(group) && !rule.routes.includes('all')) continue;
      if (rule.type === 'latency') {
        const ms = rule.random ? uniformInt(this.rng, 0, rule.ms) : rule.ms;
        delayMs = Math.max(delayMs, ms);
      } else if (refuse === undefined && uniformInt(this.rng, 1, SHARE_SCALE) <= shareMillionths(rule.share)) {
        refuse = rule.status;
        this.options.injected?.('error', `${rule.status} on ${route}`);
      }
    }
    if (delayMs > 0) this.options.injected?.('latency', `${delayMs} ms on ${route}`);
    return delayMs === 0 && refuse === undefined ? NO_FAULT : { delayMs, refuse };
  }

  /** Whether orders on `market` are refused as on a halted market. */
  halts(market: string): boolean {
    if (!this.any) return false;
    for (const rule of this.rules.values()) if (rule.type === 'haltMarket' && rule.market === market) return true;
    return false;
  }

  /** Reports a refusal the caller made for a rule of this board (a halted market's order). */
  report(type: FaultType, detail: string): void {
    this.options.injected?.(type, detail);
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private changed(): void {
    this.any = this.rules.size > 0;
    const rules = this.list();
    for (const listener of this.listeners) listener(rules);
  }
}
