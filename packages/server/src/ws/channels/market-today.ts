import type { MarketSpec } from '@txc/core';
import type { Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { atMost, marketParam } from '../params.js';
import { pushFrame } from '../protocol.js';
import { statsTexts, utcDayStart } from './market-stats.js';
import { PeriodicMarketsChannel } from './periodic-markets.js';

/**
 * `marketToday` (websocket spec §6.5): the figures of the current UTC day, from its first trade
 * (`open`) on; `_query` for one market, and every second for each market subscribed.
 */
export class MarketTodayChannel extends PeriodicMarketsChannel {
  readonly oneShot = 'query';

  constructor(ctx: StreamContext) {
    super(ctx, 'marketToday', 1000);
  }

  request(_conn: WsConnection, params: readonly unknown[]): unknown {
    atMost(params, 1);
    return this.today(marketParam(this.ctx.venue.state, params[0]));
  }

  protected frame(spec: MarketSpec): string {
    return pushFrame('marketToday_update', jsonText([spec.name, this.today(spec)]));
  }

  /** Fields as documented: last, open, high, low, volume, deal. */
  private today(spec: MarketSpec): Record<string, string> {
    const from = utcDayStart(this.ctx.venue.clock.nowMicros());
    const stats = this.ctx.marketData.statsSince(spec.name, from) ?? this.ctx.marketData.stats24h(spec.name);
    const t = statsTexts(this.ctx.venue.state, spec, stats);
    return { last: t.last, open: t.open, high: t.high, low: t.low, volume: t.volume, deal: t.deal };
  }
}

export const marketTodayChannel = (ctx: StreamContext): Channel => new MarketTodayChannel(ctx);
