import { orderOcoCancel } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { cancelOcoGroup } from '../../../../../order-entry/cancel-oco.js';
import { sendError } from '../../../../send-error.js';
import { ocoLegBody } from '../../../../trading/oco-legs.js';
import { sendTradingRejection } from '../../../../trading/send-rejection.js';
import type { ViewRouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** Cancels a live OCO group (order-entry/cancel-oco.ts); code 2 for one that is gone or never was. */
export const orderOcoCancelRoute = defineRoute(orderOcoCancel, (app: FastifyInstance, { venue }: ViewRouteDeps) => {
  app.post(orderOcoCancel.path, { config: { endpoint: orderOcoCancel } }, async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const cancelled = await cancelOcoGroup(venue, request.auth?.user ?? '', body);
    if ('invalid' in cancelled) return sendError(reply, 'orderValidation', { errors: cancelled.invalid });
    if ('rejected' in cancelled) return sendTradingRejection(reply, cancelled.rejected, 'collateral');
    const { id, stopLoss, takeProfit } = cancelled.value;
    return reply.send({
      id,
      stop_loss: ocoLegBody(venue.state, stopLoss, 'snake'),
      take_profit: ocoLegBody(venue.state, takeProfit, 'snake'),
    });
  });
});
