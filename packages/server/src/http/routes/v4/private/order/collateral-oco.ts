import { collateralOco } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { placeOco } from '../../../../../order-entry/place-oco.js';
import { sendError } from '../../../../send-error.js';
import { ocoLegBody } from '../../../../trading/oco-legs.js';
import { sendTradingRejection } from '../../../../trading/send-rejection.js';
import type { ViewRouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** Places an OCO group (order-entry/place-oco.ts) and answers it with its legs as placed. */
export const collateralOcoRoute = defineRoute(collateralOco, (app: FastifyInstance, { venue }: ViewRouteDeps) => {
  app.post(collateralOco.path, { config: { endpoint: collateralOco } }, async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const placed = await placeOco(venue, request.auth?.user ?? '', body, 'rest');
    if ('invalid' in placed) return sendError(reply, 'orderValidation', { errors: placed.invalid });
    if ('rejected' in placed) return sendTradingRejection(reply, placed.rejected, 'collateral');
    const { id, stopLoss, takeProfit } = placed.placed;
    return reply.send({
      id,
      reduceOnly: takeProfit.reduceOnly,
      stop_loss: ocoLegBody(venue.state, stopLoss, 'snake', true),
      take_profit: ocoLegBody(venue.state, takeProfit, 'snake', true),
    });
  });
});
