import type { OrderView } from '@txc/core';
import { orderOtoCancel } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { orderBody } from '../../../../trading/order-body.js';
import { sendTradingRejection } from '../../../../trading/send-rejection.js';
import { OrderValidation } from '../../../../validation/order-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { userFinishedOrder } from '../../../../../store/user-history.js';

/**
 * Reference §6.1: `market` and `otoId` (or `oto_id`); cancels the group's parent if still open
 * and its live legs, and answers them as they ended (code 2 when there is no such group).
 */
export function orderOtoCancelRoute(app: FastifyInstance, { venue }: RouteDeps): void {
  app.post(orderOtoCancel.path, { config: { endpoint: orderOtoCancel } }, async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const v = new OrderValidation(body);
    const spec = v.market(venue.state, { spotOnly: false });
    const otoKey = v.spelling(['otoId', 'oto_id']);
    const otoId = v.integer(otoKey, -1, 0, Number.MAX_SAFE_INTEGER);
    if (otoId < 0 && !(otoKey in v.errors)) v.add('otoId', 'OtoId field is required.');
    if (v.failed || spec === undefined) return sendError(reply, 'orderValidation', { errors: v.errors });
    const user = request.auth?.user ?? '';
    const { result } = await venue.submit({
      type: 'CancelOto',
      user,
      market: spec.name,
      otoId,
    });
    if (!result.ok) return sendTradingRejection(reply, result.rejection);
    const state = venue.state;
    const shown = (o: OrderView | null) => (o === null ? null : orderBody(state, o));
    // a parent that had finished before answers as it ended, from the history
    const parent = result.value.parent ?? (await userFinishedOrder(venue.store, user, result.value.parentId)) ?? null;
    return reply.send({
      otoId: result.value.otoId,
      orderId: result.value.parentId,
      order: shown(parent),
      stopLoss: shown(result.value.stopLoss),
      takeProfit: shown(result.value.takeProfit),
    });
  });
}
