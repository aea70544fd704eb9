import { orderModify } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { modifyOrder, modifyRejection } from '../../../../../order-entry/modify-order.js';
import { sendError } from '../../../../send-error.js';
import { orderBody } from '../../../../trading/order-body.js';
import { sendAnswer } from '../../../../trading/send-rejection.js';
import type { RouteDeps } from '../../../route-deps.js';

/** Reference §5.9: answers `[newOrder]` (order-entry/modify-order.ts replaces the order). */
export function orderModifyRoute(app: FastifyInstance, { venue }: RouteDeps): void {
  app.post(orderModify.path, { config: { endpoint: orderModify } }, async (request, reply) => {
    const modified = await modifyOrder(venue, request.auth?.user ?? '', request.body as Record<string, unknown>);
    if ('invalid' in modified) {
      // the reference answers a market that is not open for trading with 31 (§5.9's example), the rest with 30
      const market = modified.invalid.market?.includes('Market is not available.') === true;
      return sendError(reply, market ? 'marketValidation' : 'orderValidation', { errors: modified.invalid });
    }
    if ('rejected' in modified) return sendAnswer(reply, modifyRejection(modified.rejected));
    return reply.send([orderBody(venue.state, modified.order)]);
  });
}
