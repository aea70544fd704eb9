import { markets } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { marketInfo, openMarkets } from '../../../../market-data/public-views.js';
import type { RouteDeps } from '../../route-deps.js';
import { defineRoute } from '../../../route-module.js';

/** Reference §4.4: every market open for trading; precisions as strings, fees as percents. */
export const marketsRoute = defineRoute(markets, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.get(markets.path, { config: { endpoint: markets } }, async (_request, reply) => {
    const state = venue.state;
    const body = openMarkets(state).map((m) => marketInfo(state, m));
    await venue.barrier();
    return reply.send(body);
  });
});
