import type { MarketSpec } from '@txc/core';
import { Audience } from '../audience.js';
import type { Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { atMost, marketList, marketParam } from '../params.js';
import { invalidArgument, pushFrame } from '../protocol.js';
import { marketTexts } from '../wire.js';

/** How often changed prices are pushed (websocket spec §6.3). */
const EVERY_MS = 1000;

/**
 * `lastprice` (websocket spec §6.3): the last trade price of each market subscribed, pushed once a
 * second when it changed, one frame per market. A subscribe also sends each market's current price
 * at once (docs/decisions.md, "WebSocket book ticker and statistics"): without it a quiet market would leave a
 * new subscriber with nothing.
 */
export class LastPriceChannel implements Channel {
  readonly name = 'lastprice';
  readonly private = false;
  readonly oneShot = 'request';
  private readonly audience = new Audience();
  /** The price last pushed per market (ticks). */
  private readonly sent = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly ctx: StreamContext) {
    this.timer = setInterval(() => this.tick(), EVERY_MS);
    this.timer.unref();
  }

  request(_conn: WsConnection, params: readonly unknown[]): unknown {
    atMost(params, 1);
    return this.priceText(marketParam(this.ctx.venue.state, params[0])) ?? '0';
  }

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    if (params.length === 0) throw invalidArgument('at least one market');
    const specs = marketList(this.ctx.venue.state, params);
    this.drop(conn);
    const keys = specs.map((s) => s.name);
    conn.subscriptions.set(this.name, keys);
    const initial = specs.flatMap((spec) => {
      const last = this.ctx.marketData.stats24h(spec.name).last;
      if (last === null) return [];
      // the first follower's value is the one pushed: the next tick need not send it again
      if (!this.audience.has(spec.name)) this.sent.set(spec.name, last);
      return [
        pushFrame('lastprice_update', jsonText([spec.name, marketTexts(this.ctx.venue.state, spec).price(last)])),
      ];
    });
    this.ctx.outbox.later(() => {
      if (conn.closed || conn.subscriptions.get(this.name) !== keys) return;
      for (const key of keys) this.audience.add(key, conn);
      for (const text of initial) conn.send(text);
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
    this.sent.clear();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private tick(): void {
    const { state } = this.ctx.venue;
    for (const market of this.audience.followedKeys()) {
      const spec = state.markets.get(market);
      const last = this.ctx.marketData.stats24h(market).last;
      if (spec === undefined || last === null || this.sent.get(market) === last) continue;
      this.sent.set(market, last);
      const text = pushFrame('lastprice_update', jsonText([market, marketTexts(state, spec).price(last)]));
      this.ctx.outbox.later(() => this.audience.send(market, text));
    }
  }

  private priceText(spec: MarketSpec): string | undefined {
    const last = this.ctx.marketData.stats24h(spec.name).last;
    return last === null ? undefined : marketTexts(this.ctx.venue.state, spec).price(last);
  }

  private drop(conn: WsConnection): void {
    const keys = conn.subscriptions.get(this.name) as readonly string[] | undefined;
    if (keys === undefined) return;
    conn.subscriptions.delete(this.name);
    for (const key of keys) this.audience.remove(key, conn);
  }
}

export const lastpriceChannel = (ctx: StreamContext): Channel => new LastPriceChannel(ctx);
