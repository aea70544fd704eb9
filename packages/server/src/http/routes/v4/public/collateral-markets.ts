import { collateralMarkets } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { marketsByName } from '../../../../market-data/public-views.js';
import type { RouteDeps } from '../../route-deps.js';
import { defineRoute } from '../../../route-module.js';

/** Reference §4.10: the markets open to collateral trading (margin spot pairs and perpetuals), wrapped. */
export const collateralMarketsRoute = defineRoute(collateralMarkets, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.get(collateralMarkets.path, { config: { endpoint: collateralMarkets } }, async (_request, reply) => {
    const result = marketsByName(venue.state)
      .filter((m) => m.isCollateral && m.tradesEnabled)
      .map((m) => m.name);
    await venue.barrier();
    return reply.send({ success: true, message: null, result });
  });
});
