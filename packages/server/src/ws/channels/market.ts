import type { MarketSpec } from '@txc/core';
import type { WindowStats } from '../../market-data/rolling-stats.js';
import type { Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { atMost, integerParam, marketParam } from '../params.js';
import { pushFrame } from '../protocol.js';
import { statsSince, statsTexts } from './market-stats.js';
import { PeriodicMarketsChannel } from './periodic-markets.js';

const DAY_SECONDS = 86_400;
/** The longest period a request may ask for: ten years. */
const MAX_PERIOD = 10 * 366 * DAY_SECONDS;

/** The statistics object in the documented order: period, last, open, close, high, low, volume, deal. */
function statistics(ctx: StreamContext, spec: MarketSpec, period: number, s: WindowStats): Record<string, unknown> {
  const t = statsTexts(ctx.venue.state, spec, s);
  return {
    period,
    last: t.last,
    open: t.open,
    close: t.last,
    high: t.high,
    low: t.low,
    volume: t.volume,
    deal: t.deal,
  };
}

/**
 * `market` (websocket spec §6.4): rolling statistics. A request names any period in seconds; a
 * subscription follows the 24-hour window, the full figures of each market every second.
 */
export class MarketChannel extends PeriodicMarketsChannel {
  readonly oneShot = 'request';

  constructor(ctx: StreamContext) {
    super(ctx, 'market', 1000);
  }

  async request(conn: WsConnection, params: readonly unknown[]): Promise<unknown> {
    atMost(params, 2);
    const spec = marketParam(this.ctx.venue.state, params[0]);
    const period = integerParam(params[1] ?? DAY_SECONDS, 'period', 1, MAX_PERIOD);
    const from = this.ctx.venue.clock.nowMicros() - period * 1_000_000;
    // a period the memory holds reads no store: it takes no turn among the store's reads
    const stats = await (this.ctx.marketData.statsSince(spec.name, from) === undefined
      ? this.ctx.reads.read(conn, () => statsSince(this.ctx, spec, from))
      : this.ctx.venue.readDurable(() => statsSince(this.ctx, spec, from)));
    return statistics(this.ctx, spec, period, stats);
  }

  protected frame(spec: MarketSpec): string {
    const stats = statistics(this.ctx, spec, DAY_SECONDS, this.ctx.marketData.stats24h(spec.name));
    return pushFrame('market_update', jsonText([spec.name, stats]));
  }
}

export const marketChannel = (ctx: StreamContext): Channel => new MarketChannel(ctx);
