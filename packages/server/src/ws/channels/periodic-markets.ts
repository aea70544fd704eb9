import type { MarketSpec } from '@txc/core';
import { Audience } from '../audience.js';
import type { Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { atMost, marketList } from '../params.js';
import { invalidArgument } from '../protocol.js';

/**
 * A channel that pushes every subscribed market's figures on a fixed period, changed or not (market,
 * marketToday): one frame per market per period, serialized once. A subscribe names the markets
 * (at least one) and replaces the previous set; the current figures follow the answer at once.
 */
export abstract class PeriodicMarketsChannel implements Channel {
  abstract readonly name: string;
  readonly private = false;
  protected readonly audience = new Audience();
  private readonly timer: NodeJS.Timeout;

  constructor(
    protected readonly ctx: StreamContext,
    periodMs: number,
  ) {
    this.timer = setInterval(() => this.tick(), periodMs);
    this.timer.unref();
  }

  /** The push frame of one market's figures now. */
  protected abstract frame(spec: MarketSpec): string;

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    if (params.length === 0) throw invalidArgument('at least one market');
    const specs = marketList(this.ctx.venue.state, params);
    this.drop(conn);
    const keys = specs.map((s) => s.name);
    conn.subscriptions.set(this.name, keys);
    const frames = specs.map((spec) => this.frame(spec));
    this.ctx.outbox.later(() => {
      if (conn.closed || conn.subscriptions.get(this.name) !== keys) return;
      for (const key of keys) this.audience.add(key, conn);
      for (const text of frames) conn.send(text);
    });
  }

  unsubscribe(conn: WsConnection, params: readonly unknown[]): void {
    atMost(params, 0);
    this.drop(conn);
  }

  disconnect(conn: WsConnection): void {
    this.drop(conn);
  }

  onReset(): void {
    this.audience.clear();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private tick(): void {
    const { state } = this.ctx.venue;
    for (const market of [...this.audience.followedKeys()]) {
      const spec = state.markets.get(market);
      if (spec === undefined) continue;
      const text = this.frame(spec);
      this.ctx.outbox.later(() => this.audience.send(market, text));
    }
  }

  private drop(conn: WsConnection): void {
    const keys = conn.subscriptions.get(this.name) as readonly string[] | undefined;
    if (keys === undefined) return;
    conn.subscriptions.delete(this.name);
    for (const key of keys) this.audience.remove(key, conn);
  }
}
