import { ocoGroupsOf } from '@txc/core';
import { ocoOrders } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { groupLegs, ocoLegBody } from '../../../../trading/oco-legs.js';
import { listingFilters } from '../../../../validation/conditional-listing.js';
import { orderReadError } from '../../../../validation/order-read-error.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** The caller's live OCO groups, oldest first; a page shorter than `limit` is the last. */
export const ocoOrdersRoute = defineRoute(ocoOrders, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(ocoOrders.path, { config: { endpoint: ocoOrders } }, async (request, reply) => {
    const read = listingFilters(request.body as Record<string, unknown>, venue.state, 50);
    if ('invalid' in read) return sendError(reply, orderReadError(read.invalid), { errors: read.invalid.errors });
    const { market, limit, offset } = read.filters;
    const state = venue.state;
    const user = request.auth?.user ?? '';
    const page = ocoGroupsOf(state.ocos)
      .filter((g) => g.user === user && (market === undefined || g.market === market.name))
      .slice(offset, offset + limit)
      .flatMap((g) => {
        const legs = groupLegs(state, g);
        if (legs === undefined) return [];
        const stop_loss = ocoLegBody(state, legs.stop, 'snake');
        return [{ id: g.id, stop_loss, take_profit: ocoLegBody(state, legs.limit, 'snake') }];
      });
    await venue.barrier();
    return reply.send(page);
  });
});
