import { marketFeeSingle } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { marketFeeOf } from '../../../../trading/account-fees.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/**
 * The caller's maker and taker fees on one market open for trading. A missing `market` answers the
 * order family's code 30, one not open for trading its code 31.
 */
export const marketFeeSingleRoute = defineRoute(marketFeeSingle, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(marketFeeSingle.path, { config: { endpoint: marketFeeSingle } }, async (request, reply) => {
    const market = (request.body as Record<string, unknown>).market;
    if (market === undefined || market === null || market === '') {
      return sendError(reply, 'orderValidation', { errors: { market: ['Market field is required.'] } });
    }
    if (typeof market !== 'string') {
      return sendError(reply, 'orderValidation', { errors: { market: ['Market field should be a string.'] } });
    }
    const spec = venue.state.markets.get(market);
    if (spec === undefined || !spec.tradesEnabled) {
      return sendError(reply, 'marketValidation', { errors: { market: ['Market is not available.'] } });
    }
    await venue.barrier();
    return reply.send({ error: null, ...marketFeeOf(venue.state, request.auth?.user ?? '', spec) });
  });
});
