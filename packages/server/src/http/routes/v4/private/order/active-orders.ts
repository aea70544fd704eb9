import { openOrdersOf } from '@txc/core';
import { activeOrders } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { orderBody } from '../../../../trading/order-body.js';
import { orderReadError } from '../../../../validation/order-read-error.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';
import { FieldValidation } from '../../../../validation/field-validation.js';
import { boundedInteger } from '../../../../validation/order-fields/bounded-integer.js';
import { clientOrderIdField } from '../../../../validation/order-fields/client-order-id.js';
import { tradingMarket } from '../../../../validation/order-fields/market.js';
import { orderIdField } from '../../../../validation/order-fields/order-id.js';

/**
 * Reference §5.7 (`POST /api/v4/orders`): the caller's open orders, waiting stops included, newest
 * first; `limit` 1–100 (50), `offset` 0–10000; a page shorter than `limit` is the last.
 */
export const activeOrdersRoute = defineRoute(activeOrders, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(activeOrders.path, { config: { endpoint: activeOrders } }, async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const v = new FieldValidation(body);
    const spec = tradingMarket(v, venue.state, {
      required: false,
      spotOnly: false,
      unknown: 'Market is not available',
    });
    const orderId = orderIdField(v);
    const clientOrderId = clientOrderIdField(v);
    const limit = boundedInteger(v, 'limit', 50, 1, 100);
    const offset = boundedInteger(v, 'offset', 0, 0, 10_000);
    if ((orderId !== undefined || clientOrderId !== '') && spec === undefined && !('market' in v.errors)) {
      v.add('market', 'The market field is required.');
    }
    if (v.failed) return sendError(reply, orderReadError(v), { errors: v.errors });
    const state = venue.state;
    const mine = openOrdersOf(state.trading, request.auth?.user ?? '')
      .filter(
        (o) =>
          (spec === undefined || o.market === spec.name) &&
          (orderId === undefined || o.id === orderId) &&
          (clientOrderId === '' || o.clientOrderId === clientOrderId),
      )
      .reverse()
      .slice(offset, offset + limit)
      .map((o) => orderBody(state, o));
    await venue.barrier();
    return reply.send(mine);
  });
});
