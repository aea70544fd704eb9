import type { OrderView } from '@txc/core';
import { orderOtoCancel } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { cancelOtoGroup } from '../../../../../order-entry/cancel-oto.js';
import { sendError } from '../../../../send-error.js';
import { orderReadErrorOf } from '../../../../trading/order-read-error.js';
import { orderBody } from '../../../../trading/order-body.js';
import { sendTradingRejection } from '../../../../trading/send-rejection.js';
import type { ViewRouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/**
 * Reference §6.1: cancels an OTO group (order-entry/cancel-oto.ts) and answers its orders as they
 * ended (code 2 when there is no such group, 31 on a market that is not a collateral one).
 */
export const orderOtoCancelRoute = defineRoute(orderOtoCancel, (app: FastifyInstance, { venue }: ViewRouteDeps) => {
  app.post(orderOtoCancel.path, { config: { endpoint: orderOtoCancel } }, async (request, reply) => {
    const cancelled = await cancelOtoGroup(venue, request.auth?.user ?? '', request.body as Record<string, unknown>);
    if ('invalid' in cancelled)
      return sendError(reply, orderReadErrorOf(cancelled.invalid), { errors: cancelled.invalid });
    if ('rejected' in cancelled) return sendTradingRejection(reply, cancelled.rejected);
    const state = venue.state;
    const shown = (o: OrderView | null) => (o === null ? null : orderBody(state, o));
    const group = cancelled.value;
    return reply.send({
      otoId: group.otoId,
      orderId: group.parentId,
      order: shown(group.parent),
      stopLoss: shown(group.stopLoss),
      takeProfit: shown(group.takeProfit),
    });
  });
});
