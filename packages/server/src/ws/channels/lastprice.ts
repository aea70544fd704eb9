import type { MarketSpec } from '@txc/core';
import type { Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { atMost, marketParam } from '../params.js';
import { pushFrame } from '../protocol.js';
import { marketTexts } from '../wire.js';
import { PeriodicMarketsChannel } from './periodic-markets.js';

/** How often changed prices are pushed (websocket spec §6.3). */
const EVERY_MS = 1000;

/**
 * `lastprice` (websocket spec §6.3): the last trade price of each market subscribed, pushed once a
 * second when it changed, one frame per market. A subscribe also sends each market's current price
 * at once (docs/decisions.md, "WebSocket book ticker and statistics"): without it a quiet market would leave a
 * new subscriber with nothing.
 */
export class LastPriceChannel extends PeriodicMarketsChannel {
  readonly oneShot = 'request';
  /** The price last pushed per market (ticks). */
  private readonly sent = new Map<string, number>();

  constructor(ctx: StreamContext) {
    super(ctx, 'lastprice', EVERY_MS);
  }

  request(_conn: WsConnection, params: readonly unknown[]): unknown {
    atMost(params, 1);
    const spec = marketParam(this.ctx.venue.state, params[0]);
    const last = this.lastOf(spec);
    return last === null ? '0' : marketTexts(this.ctx.venue.state, spec).price(last);
  }

  override onReset(): void {
    super.onReset();
    this.sent.clear();
  }

  protected frame(spec: MarketSpec): string | undefined {
    const last = this.lastOf(spec);
    if (last === null) return undefined;
    return pushFrame('lastprice_update', jsonText([spec.name, marketTexts(this.ctx.venue.state, spec).price(last)]));
  }

  protected override initialFrame(spec: MarketSpec): string | undefined {
    const last = this.lastOf(spec);
    // the first follower's value is the one pushed: the next tick need not send it again
    if (last !== null && !this.subscribers.audience.has(spec.name)) this.sent.set(spec.name, last);
    return this.frame(spec);
  }

  protected override periodicFrame(spec: MarketSpec): string | undefined {
    const last = this.lastOf(spec);
    if (last === null || this.sent.get(spec.name) === last) return undefined;
    this.sent.set(spec.name, last);
    return this.frame(spec);
  }

  private lastOf(spec: MarketSpec): number | null {
    return this.ctx.marketData.stats24h(spec.name).last;
  }
}

export const lastpriceChannel = (ctx: StreamContext): Channel => new LastPriceChannel(ctx);
