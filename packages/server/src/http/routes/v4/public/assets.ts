import { assets } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { assetStatuses } from '../../../../wallet/asset-status.js';
import { assetsByTicker } from '../../../../market-data/public-views.js';
import type { RouteDeps } from '../../route-deps.js';
import { defineRoute } from '../../../route-module.js';

/** Reference §4.6, served from the venue's asset configuration. */
export const assetsRoute = defineRoute(assets, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.get(assets.path, { config: { endpoint: assets } }, async (_request, reply) => {
    const body = assetStatuses(assetsByTicker(venue.state));
    await venue.barrier();
    return reply.send(body);
  });
});
