import { orderBulk } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { placeBulk } from '../../../../../order-entry/bulk-orders.js';
import { sendError } from '../../../../send-error.js';
import { bulkBody } from '../../../../trading/bulk-body.js';
import { orderBody } from '../../../../trading/order-body.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** Up to 20 limit orders, each answered with its order or its error (order-entry/bulk-orders.ts places them). */
export const orderBulkRoute = defineRoute(orderBulk, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(orderBulk.path, { config: { endpoint: orderBulk } }, async (request, reply) => {
    const answer = await placeBulk(venue, request.auth?.user ?? '', request.body as Record<string, unknown>);
    if ('invalid' in answer) return sendError(reply, 'orderValidation', { errors: answer.invalid });
    return reply.send(bulkBody(answer.items, (order) => orderBody(venue.state, order)));
  });
});
