import type { PublicEndpoint } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { marketInfo, openMarkets, type MarketInfo } from '../../market-data/public-views.js';
import { publicCache } from '../../market-data/public-cache.js';
import { defineRoute, type RouteModule } from '../route-module.js';
import type { RouteDeps } from './route-deps.js';

/**
 * API V1 and V2 market info: the first `fields` of the V4 listing (the fields their contract
 * declares), wrapped in the legacy envelope; cached 1 second.
 */
export function legacyMarketsRoute(endpoint: PublicEndpoint, fields: readonly (keyof MarketInfo)[]): RouteModule {
  return defineRoute(endpoint, (app: FastifyInstance, { venue }: RouteDeps) => {
    const cache = publicCache<unknown>(venue, 1000);
    app.get(endpoint.path, { config: { endpoint } }, async (_request, reply) => {
      await venue.barrier();
      const result = cache.get('all', () =>
        openMarkets(venue.state).map((m) => {
          const info = marketInfo(venue.state, m);
          return Object.fromEntries(fields.map((field) => [field, info[field]]));
        }),
      );
      return reply.send({ success: true, message: null, result });
    });
  });
}
