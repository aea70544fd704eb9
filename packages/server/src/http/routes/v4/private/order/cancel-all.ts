import { orderCancelAll } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { cancelAllOrders } from '../../../../../order-entry/cancel-all.js';
import { sendError } from '../../../../send-error.js';
import { sendTradingRejection } from '../../../../trading/send-rejection.js';
import type { ViewRouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** Reference §5.6: cancels every open order (of `market`, of the `type`s named); answers `[]`. */
export const orderCancelAllRoute = defineRoute(orderCancelAll, (app: FastifyInstance, { venue }: ViewRouteDeps) => {
  app.post(orderCancelAll.path, { config: { endpoint: orderCancelAll } }, async (request, reply) => {
    const cancelled = await cancelAllOrders(venue, request.auth?.user ?? '', request.body as Record<string, unknown>);
    if ('invalid' in cancelled) return sendError(reply, 'orderValidation', { errors: cancelled.invalid });
    if ('rejected' in cancelled) return sendTradingRejection(reply, cancelled.rejected);
    return reply.send([]);
  });
});
