import { Audience } from './audience.js';
import type { WsConnection } from './connection.js';
import type { DurableOutbox } from './durable-outbox.js';

/**
 * Who follows which markets on one channel whose subscribe names its whole set of markets
 * (`lastprice`, `trades`, `bookTicker`, `market`…): a subscribe replaces the connection's set. The
 * keys are counted as wanted from the subscribe on, so that what applies before the answer is out is
 * gathered too; the connection joins the audience, and its first frames go out, once the answer has.
 */
export class MarketSubscribers {
  readonly audience = new Audience();
  /** Subscriptions per key, counted from the subscribe (before they start receiving). */
  private readonly wanted = new Map<string, number>();
  /** Connections whose subscribe's first frames have not gone out yet, with the keys they will join. */
  private readonly joining = new Map<WsConnection, readonly string[]>();

  constructor(
    private readonly channel: string,
    private readonly outbox: DurableOutbox,
  ) {}

  /** Whether anybody subscribed to `key`, answered yet or not. */
  wants(key: string): boolean {
    return this.wanted.has(key);
  }

  get nobody(): boolean {
    return this.wanted.size === 0;
  }

  /** Replaces the connection's set of keys by `keys`. */
  replace(conn: WsConnection, keys: readonly string[]): void {
    this.drop(conn);
    for (const key of keys) this.wanted.set(key, (this.wanted.get(key) ?? 0) + 1);
    conn.subscriptions.set(this.channel, keys);
  }

  /** Once the answer has gone out, and if the connection still holds `keys`: it joins them and gets `frames`. */
  joinWhenAnswered(conn: WsConnection, keys: readonly string[], frames: readonly string[]): void {
    this.joining.set(conn, keys);
    this.outbox.later(() => {
      if (this.joining.get(conn) === keys) this.joining.delete(conn);
      if (conn.closed || conn.subscriptions.get(this.channel) !== keys) return;
      for (const key of keys) this.audience.add(key, conn);
      for (const text of frames) conn.send(text);
    });
  }

  /** Whether the connection's subscribe has sent its first frames (false while they wait for a commit). */
  answered(conn: WsConnection): boolean {
    return !this.joining.has(conn);
  }

  /** The connection's set of keys, if it has one. */
  keysOf(conn: WsConnection): readonly string[] | undefined {
    return conn.subscriptions.get(this.channel) as readonly string[] | undefined;
  }

  /** Whether the connection's set holds `key`. */
  holds(conn: WsConnection, key: string): boolean {
    return this.keysOf(conn)?.includes(key) === true;
  }

  /** Replaces the set of a connection already answered (it receives at once under `keys`, no first frames). */
  replaceAnswered(conn: WsConnection, keys: readonly string[]): void {
    this.replace(conn, keys);
    for (const key of keys) this.audience.add(key, conn);
  }

  /** Leaves one key at once, keeping the others. */
  leave(conn: WsConnection, key: string): void {
    const keys = this.keysOf(conn);
    if (keys === undefined || !keys.includes(key)) return;
    this.drop(conn);
    const rest = keys.filter((k) => k !== key);
    if (rest.length === 0) return;
    for (const k of rest) {
      this.wanted.set(k, (this.wanted.get(k) ?? 0) + 1);
      this.audience.add(k, conn);
    }
    conn.subscriptions.set(this.channel, rest);
  }

  drop(conn: WsConnection): void {
    this.joining.delete(conn);
    const keys = this.keysOf(conn);
    if (keys === undefined) return;
    conn.subscriptions.delete(this.channel);
    for (const key of keys) {
      this.audience.remove(key, conn);
      const left = (this.wanted.get(key) ?? 1) - 1;
      if (left > 0) this.wanted.set(key, left);
      else this.wanted.delete(key);
    }
  }

  clear(): void {
    this.audience.clear();
    this.wanted.clear();
    this.joining.clear();
  }
}

/** Calls `tick` every `periodMs` without keeping the process alive; `clearInterval` stops it. */
export function repeat(periodMs: number, tick: () => void): NodeJS.Timeout {
  const timer = setInterval(tick, periodMs);
  timer.unref();
  return timer;
}

/**
 * The connection's subscriptions on a channel that adds markets one by one (`candles`, `depth`):
 * market → the key of what it follows there, made empty on first use.
 */
export function subscriptionsByMarket(conn: WsConnection, channel: string): Map<string, string> {
  let subs = conn.subscriptions.get(channel) as Map<string, string> | undefined;
  if (subs === undefined) {
    subs = new Map();
    conn.subscriptions.set(channel, subs);
  }
  return subs;
}
