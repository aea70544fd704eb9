import { orderConditionalCancel } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { cancelConditionalGroup } from '../../../../../order-entry/cancel-conditional.js';
import { sendError } from '../../../../send-error.js';
import { sendTradingRejection } from '../../../../trading/send-rejection.js';
import type { ViewRouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/**
 * Cancels an OCO or OTO group (order-entry/cancel-conditional.ts) and answers `[]`; code 31 for a
 * market that is not a collateral one, 2 under `id` for a group that is gone or never was.
 */
export const orderConditionalCancelRoute = defineRoute(
  orderConditionalCancel,
  (app: FastifyInstance, { venue }: ViewRouteDeps) => {
    app.post(orderConditionalCancel.path, { config: { endpoint: orderConditionalCancel } }, async (request, reply) => {
      const body = request.body as Record<string, unknown>;
      const cancelled = await cancelConditionalGroup(venue, request.auth?.user ?? '', body);
      if ('invalid' in cancelled) {
        const name = 'market' in cancelled.invalid ? 'marketValidation' : 'orderValidation';
        return sendError(reply, name, { errors: cancelled.invalid });
      }
      if ('rejected' in cancelled) {
        const { reason } = cancelled.rejected;
        if (reason === 'OCO_NOT_FOUND' || reason === 'OTO_NOT_FOUND') return sendError(reply, 'conditionalNotFound');
        return sendTradingRejection(reply, cancelled.rejected, 'collateral');
      }
      return reply.send([]);
    });
  },
);
