import { orderCancel } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { orderBody } from '../../../../trading/order-body.js';
import { sendTradingRejection } from '../../../../trading/send-rejection.js';
import { OrderValidation } from '../../../../validation/order-validation.js';
import type { RouteDeps } from '../../../route-deps.js';

/**
 * Reference §5.6: `market` and exactly one of `orderId` / `clientOrderId`; answers the cancelled
 * order. An order that is filled, cancelled or not the caller's answers code 2.
 */
export function orderCancelRoute(app: FastifyInstance, { venue }: RouteDeps): void {
  app.post(orderCancel.path, { config: { endpoint: orderCancel } }, async (request, reply) => {
    const v = new OrderValidation(request.body as Record<string, unknown>);
    const spec = v.market(venue.state, { spotOnly: false });
    const orderId = v.orderId();
    const clientOrderId = v.clientOrderId();
    const hasId = v.hasOrderId();
    const hasClientId = clientOrderId !== '';
    if (!hasId && !hasClientId) v.add('orderId', 'OrderId field is required.');
    if (hasId && hasClientId) v.add('orderId', 'Only one of orderId and clientOrderId may be given.');
    if (v.failed || spec === undefined) return sendError(reply, 'orderValidation', { errors: v.errors });
    const user = request.auth?.user ?? '';
    const { result } = await venue.submit(
      orderId !== undefined
        ? { type: 'CancelOrder', user, market: spec.name, orderId }
        : { type: 'CancelOrder', user, market: spec.name, clientOrderId },
    );
    if (!result.ok) return sendTradingRejection(reply, result.rejection);
    return reply.send(orderBody(venue.state, result.value));
  });
}
