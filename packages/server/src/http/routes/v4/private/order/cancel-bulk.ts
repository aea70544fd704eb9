import { orderCancelBulk } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { cancelBulk } from '../../../../../order-entry/bulk-orders.js';
import { sendError } from '../../../../send-error.js';
import { bulkBody } from '../../../../trading/bulk-body.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** Up to 100 cancels, each answered with the ids of the order cancelled or its error. */
export const orderCancelBulkRoute = defineRoute(orderCancelBulk, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(orderCancelBulk.path, { config: { endpoint: orderCancelBulk } }, async (request, reply) => {
    const answer = await cancelBulk(venue, request.auth?.user ?? '', request.body as Record<string, unknown>);
    if ('invalid' in answer) return sendError(reply, 'orderValidation', { errors: answer.invalid });
    return reply.send(
      bulkBody(answer.items, (o) => ({ orderId: o.id, clientOrderId: o.clientOrderId, market: o.market })),
    );
  });
});
