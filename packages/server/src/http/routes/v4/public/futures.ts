import { futures } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { futuresMarketView } from '../../../../market-data/futures-view.js';
import { marketsByName } from '../../../../market-data/public-views.js';
import { publicCache } from '../../../../market-data/public-cache.js';
import type { RouteDeps } from '../../route-deps.js';
import { defineRoute } from '../../../route-module.js';

/** Spec §4.1: every open perpetual, wrapped; the body is computed at most once a second (spec §8). */
export const futuresRoute = defineRoute(futures, (app: FastifyInstance, { venue, marketData }: RouteDeps) => {
  const cache = publicCache<unknown>(venue, 1000);
  app.get(futures.path, { config: { endpoint: futures } }, async (_request, reply) => {
    await venue.barrier();
    const body = cache.get('all', () => {
      const state = venue.state;
      const now = Math.max(venue.clock.nowMicros(), state.time);
      const result = marketsByName(state)
        .filter((m) => m.type === 'futures' && m.tradesEnabled)
        .map((m) => futuresMarketView(state, marketData, m, now));
      return { success: true, message: null, result };
    });
    return reply.send(body);
  });
});
