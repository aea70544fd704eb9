import { ticker } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { marketsByName, tickerEntry } from '../../../../market-data/public-views.js';
import { publicCache } from '../../../../market-data/public-cache.js';
import type { RouteDeps } from '../../route-deps.js';
import { defineRoute } from '../../../route-module.js';

/** Reference §4.5: rolling 24-hour statistics of every market, cached 1 second. */
export const tickerRoute = defineRoute(ticker, (app: FastifyInstance, { venue, marketData }: RouteDeps) => {
  const cache = publicCache<Record<string, unknown>>(venue, 1000);
  app.get(ticker.path, { config: { endpoint: ticker } }, async (_request, reply) => {
    await venue.barrier();
    const body = cache.get('all', () => {
      const out: Record<string, unknown> = {};
      for (const spec of marketsByName(venue.state)) {
        if (spec.tradesEnabled) out[spec.name] = tickerEntry(venue.state, marketData, spec);
      }
      return out;
    });
    return reply.send(body);
  });
});
