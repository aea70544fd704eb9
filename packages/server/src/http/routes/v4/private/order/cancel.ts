import { orderCancel } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { cancelOrder } from '../../../../../order-entry/cancel-order.js';
import { sendError } from '../../../../send-error.js';
import { orderBody } from '../../../../trading/order-body.js';
import { sendTradingRejection } from '../../../../trading/send-rejection.js';
import type { ViewRouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** Reference §5.6: answers the cancelled order (order-entry/cancel-order.ts cancels it). */
export const orderCancelRoute = defineRoute(orderCancel, (app: FastifyInstance, { venue }: ViewRouteDeps) => {
  app.post(orderCancel.path, { config: { endpoint: orderCancel } }, async (request, reply) => {
    const cancelled = await cancelOrder(venue, request.auth?.user ?? '', request.body as Record<string, unknown>);
    if ('invalid' in cancelled) return sendError(reply, 'orderValidation', { errors: cancelled.invalid });
    if ('rejected' in cancelled) return sendTradingRejection(reply, cancelled.rejected);
    return reply.send(orderBody(venue.state, cancelled.value));
  });
});
