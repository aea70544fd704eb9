import type { MarketSpec } from '@txc/core';
import type { Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { MarketSubscribers, repeat } from '../market-subscribers.js';
import { marketList, wholeUnsubscribe } from '../params.js';
import { invalidArgument } from '../protocol.js';

/**
 * A channel that pushes every subscribed market's figures on a fixed period (market, marketToday,
 * lastprice): one frame per market per period, serialized once. A subscribe names the markets (at
 * least one) and replaces the previous set; the current figures follow the answer at once.
 */
export abstract class PeriodicMarketsChannel implements Channel {
  readonly private = false;
  protected readonly subscribers: MarketSubscribers;
  private readonly timer: NodeJS.Timeout;

  constructor(
    protected readonly ctx: StreamContext,
    readonly name: string,
    periodMs: number,
  ) {
    this.subscribers = new MarketSubscribers(name, ctx.outbox);
    this.timer = repeat(periodMs, () => this.tick());
  }

  /** The push frame of one market's figures now; undefined when there is nothing to say. */
  protected abstract frame(spec: MarketSpec): string | undefined;

  /** What a subscribe sends at once for a market it names. */
  protected initialFrame(spec: MarketSpec): string | undefined {
    return this.frame(spec);
  }

  /** What a period pushes for a followed market: by default its figures, changed or not. */
  protected periodicFrame(spec: MarketSpec): string | undefined {
    return this.frame(spec);
  }

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    if (params.length === 0) throw invalidArgument('at least one market');
    const specs = marketList(this.ctx.venue.state, params);
    const keys = specs.map((s) => s.name);
    this.subscribers.replace(conn, keys);
    const frames = specs.flatMap((spec) => this.initialFrame(spec) ?? []);
    this.subscribers.joinWhenAnswered(conn, keys, frames);
  }

  unsubscribe(conn: WsConnection, params: readonly unknown[]): void {
    wholeUnsubscribe(params);
    this.subscribers.drop(conn);
  }

  disconnect(conn: WsConnection): void {
    this.subscribers.drop(conn);
  }

  onReset(): void {
    this.subscribers.clear();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private tick(): void {
    const { state } = this.ctx.venue;
    const { audience } = this.subscribers;
    for (const market of [...audience.followedKeys()]) {
      const spec = state.markets.get(market);
      const text = spec === undefined ? undefined : this.periodicFrame(spec);
      if (text !== undefined) this.ctx.outbox.later(() => audience.send(market, text));
    }
  }
}
