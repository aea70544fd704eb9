import { fee } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { feeSchedule } from '../../../../wallet/fee-schedule.js';
import { assetsByTicker } from '../../../../market-data/public-views.js';
import type { RouteDeps } from '../../route-deps.js';
import { defineRoute } from '../../../route-module.js';

/** Reference §4.7, served from the venue's asset configuration. */
export const feeRoute = defineRoute(fee, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.get(fee.path, { config: { endpoint: fee } }, async (_request, reply) => {
    const body = feeSchedule(assetsByTicker(venue.state));
    await venue.barrier();
    return reply.send(body);
  });
});
