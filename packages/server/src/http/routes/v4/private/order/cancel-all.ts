import type { OrderKind } from '@txc/core';
import { orderCancelAll } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { sendTradingRejection } from '../../../../trading/send-rejection.js';
import { OrderValidation } from '../../../../validation/order-validation.js';
import type { RouteDeps } from '../../../route-deps.js';

const KINDS: readonly string[] = ['spot', 'margin', 'futures'];

/** Reference §5.6: cancels every open order (of `market`, of the `type`s named); answers `[]`. */
export function orderCancelAllRoute(app: FastifyInstance, { venue }: RouteDeps): void {
  app.post(orderCancelAll.path, { config: { endpoint: orderCancelAll } }, async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const v = new OrderValidation(body);
    const spec = v.market(venue.state, { required: false, spotOnly: false });
    let kinds: OrderKind[] | null = null;
    if (body.type !== undefined && body.type !== null) {
      if (!Array.isArray(body.type)) v.add('type', 'The type must be an array.');
      else if (body.type.some((k) => typeof k !== 'string' || !KINDS.includes(k))) {
        v.add('type', 'The selected type is invalid.');
      } else kinds = body.type as OrderKind[];
    }
    if (v.failed) return sendError(reply, 'orderValidation', { errors: v.errors });
    const { result } = await venue.submit({
      type: 'CancelAllOrders',
      user: request.auth?.user ?? '',
      market: spec?.name ?? null,
      kinds,
    });
    if (!result.ok) return sendTradingRejection(reply, result.rejection);
    return reply.send([]);
  });
}
