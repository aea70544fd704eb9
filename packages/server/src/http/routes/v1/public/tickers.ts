import { tickersV1 } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { marketActivity, openMarkets } from '../../../../market-data/public-views.js';
import { publicCache } from '../../../../market-data/public-cache.js';
import type { RouteDeps } from '../../route-deps.js';
import { defineRoute } from '../../../route-module.js';

/**
 * API V1 market activity: the figures of the V1 single-market ticker for every market open for
 * trading (its volume named `vol`, no open), with the second they were taken at; cached 1 second.
 */
export const tickersV1Route = defineRoute(tickersV1, (app: FastifyInstance, { venue, marketData }: RouteDeps) => {
  const cache = publicCache<unknown>(venue, 1000);
  app.get(tickersV1.path, { config: { endpoint: tickersV1 } }, async (_request, reply) => {
    await venue.barrier();
    const result = cache.get('all', () => {
      const at = Math.floor(venue.clock.nowMs() / 1000);
      const out: Record<string, unknown> = {};
      for (const spec of openMarkets(venue.state)) {
        const a = marketActivity(venue.state, marketData, spec);
        out[spec.name] = {
          ticker: {
            bid: a.bid,
            ask: a.ask,
            low: a.low,
            high: a.high,
            last: a.last,
            vol: a.volume,
            deal: a.deal,
            change: a.change,
          },
          at,
        };
      }
      return out;
    });
    return reply.send({ success: true, message: null, result });
  });
});
