import { marketFee } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { accountFees } from '../../../../trading/account-fees.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** The caller's fees: defaults of spot and futures markets, and the markets that differ from them. */
export const marketFeeRoute = defineRoute(marketFee, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(marketFee.path, { config: { endpoint: marketFee } }, async (request, reply) => {
    // `market` is accepted and ignored: the answer covers every market, as documented
    await venue.barrier();
    return reply.send(accountFees(venue.state, request.auth?.user ?? ''));
  });
});
