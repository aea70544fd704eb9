import type { OrderType, TradingAccount } from '@txc/core';
import type { PrivateEndpoint } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { invalidAnswer, placeOrder } from '../../order-entry/place-order.js';
import type { VenueView } from '../../venue/venue-view.js';
import { defineRoute, type RouteModule } from '../route-module.js';
import { orderBody } from './order-body.js';
import { sendAnswer, sendTradingRejection } from './send-rejection.js';

/** A route placing one kind of order for one account (order-entry/place-order.ts does the placing). */
export function placeOrderRoute(
  endpoint: PrivateEndpoint,
  type: OrderType,
  account: TradingAccount = 'spot',
): RouteModule<{ readonly venue: VenueView }> {
  return defineRoute(endpoint, (app: FastifyInstance, { venue }: { readonly venue: VenueView }): void => {
    app.post(endpoint.path, { config: { endpoint } }, async (request, reply) => {
      const body = request.body as Record<string, unknown>;
      const placed = await placeOrder(venue, request.auth?.user ?? '', body, type, account);
      if ('invalid' in placed) return sendAnswer(reply, invalidAnswer(placed.invalid));
      if ('rejected' in placed) return sendTradingRejection(reply, placed.rejected, account);
      return reply.send(orderBody(venue.state, placed.order));
    });
  });
}
