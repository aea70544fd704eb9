import { orderModify } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { modifyOrder, modifyRejection } from '../../../../../order-entry/modify-order.js';
import { sendError } from '../../../../send-error.js';
import { orderBody } from '../../../../trading/order-body.js';
import { orderReadErrorOf } from '../../../../trading/order-read-error.js';
import { sendAnswer } from '../../../../trading/send-rejection.js';
import type { ViewRouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** Reference §5.9: answers `[newOrder]` (order-entry/modify-order.ts replaces the order). */
export const orderModifyRoute = defineRoute(orderModify, (app: FastifyInstance, { venue }: ViewRouteDeps) => {
  app.post(orderModify.path, { config: { endpoint: orderModify } }, async (request, reply) => {
    const modified = await modifyOrder(venue, request.auth?.user ?? '', request.body as Record<string, unknown>);
    if ('invalid' in modified)
      return sendError(reply, orderReadErrorOf(modified.invalid), { errors: modified.invalid });
    if ('rejected' in modified) return sendAnswer(reply, modifyRejection(modified.rejected));
    return reply.send([orderBody(venue.state, modified.order)]);
  });
});
