import { symbolsV1 } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { openMarkets } from '../../../../market-data/public-views.js';
import type { RouteDeps } from '../../route-deps.js';
import { defineRoute } from '../../../route-module.js';

/** API V1 symbols: the names of the markets open for trading, in name order. */
export const symbolsV1Route = defineRoute(symbolsV1, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.get(symbolsV1.path, { config: { endpoint: symbolsV1 } }, async (_request, reply) => {
    const result = openMarkets(venue.state).map((m) => m.name);
    await venue.barrier();
    return reply.send({ success: true, message: null, result });
  });
});
