import { tickerV2 } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { marketActivity, openMarkets } from '../../../../market-data/public-views.js';
import { publicCache } from '../../../../market-data/public-cache.js';
import type { RouteDeps } from '../../route-deps.js';
import { defineRoute } from '../../../route-module.js';

/**
 * API V2 market activity: one entry per market open for trading with its last price, best ask and
 * bid and 24-hour volumes; `lastUpdateTimestamp` is when the figures were taken. Cached 1 second.
 */
export const tickerV2Route = defineRoute(tickerV2, (app: FastifyInstance, { venue, marketData }: RouteDeps) => {
  const cache = publicCache<unknown>(venue, 1000);
  app.get(tickerV2.path, { config: { endpoint: tickerV2 } }, async (_request, reply) => {
    await venue.barrier();
    const result = cache.get('all', () => {
      const lastUpdateTimestamp = new Date(venue.clock.nowMs()).toISOString();
      return openMarkets(venue.state).map((spec) => {
        const a = marketActivity(venue.state, marketData, spec);
        return {
          lastUpdateTimestamp,
          tradingPairs: spec.name,
          lastPrice: a.last,
          lowestAsk: a.ask,
          highestBid: a.bid,
          baseVolume24h: a.volume,
          quoteVolume24h: a.deal,
          tradesEnabled: spec.tradesEnabled,
        };
      });
    });
    return reply.send({ success: true, message: null, result });
  });
});
