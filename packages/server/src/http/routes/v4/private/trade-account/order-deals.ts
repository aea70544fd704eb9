import { orderDeals } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { counterOrdersOf } from '../../../../../account-views/deal-counter-orders.js';
import { dealFigures } from '../../../../../account-views/deal-figures.js';
import { seconds } from '../../../../../account-views/order-figures.js';

import type { ViewRouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';
import { FieldValidation } from '../../../../validation/field-validation.js';
import { boundedInteger } from '../../../../validation/order-fields/bounded-integer.js';
import { orderIdField } from '../../../../validation/order-fields/order-id.js';

/**
 * The deals of one of the caller's orders, oldest first: `{records, offset, limit}`, each with the
 * trade id, the counterparty's order id (`dealOrderId`), the caller's role (1 maker, 2 taker) and the
 * asset its fee was paid in (`feeAsset`, which ccxt reads for the fee's currency).
 */
export const orderDealsRoute = defineRoute(orderDeals, (app: FastifyInstance, { venue }: ViewRouteDeps) => {
  app.post(orderDeals.path, { config: { endpoint: orderDeals } }, async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const v = new FieldValidation(body);
    const orderId = orderIdField(v);
    if (orderId === undefined && !('orderId' in v.errors)) v.add('orderId', 'OrderId field is required.');
    const limit = boundedInteger(v, 'limit', 50, 1, 100);
    const offset = boundedInteger(v, 'offset', 0, 0, 10_000);
    if (v.failed || orderId === undefined) return sendError(reply, 'orderValidation', { errors: v.errors });

    const { rows, counterOrderOf } = await venue.readDurable(async (store) => {
      const page = await store.db
        .selectFrom('deals')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('user_name', '=', request.auth?.user ?? '')
        .orderBy('trade_id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
      return { rows: page, counterOrderOf: await counterOrdersOf(store.db, page) };
    });
    const state = venue.state;
    const records = rows.map((r) => {
      const f = dealFigures(state, r);
      return {
        time: seconds(Number(r.time)),
        fee: f.fee,
        price: f.price,
        amount: f.amount,
        id: Number(r.trade_id),
        dealOrderId: counterOrderOf(r),
        clientOrderId: r.client_order_id,
        role: Number(r.role),
        deal: f.deal,
        feeAsset: f.feeAsset,
      };
    });
    return reply.send({ records, offset, limit });
  });
});
