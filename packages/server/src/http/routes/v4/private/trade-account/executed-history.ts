import { executedHistory } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { byMarket, executedDeal } from '../../../../trading/history-format.js';
import { orderReadError } from '../../../../validation/order-read-error.js';
import type { ViewRouteDeps } from '../../../route-deps.js';
import { userDeals, walkFor } from '../../../../../store/user-history.js';
import { defineRoute } from '../../../../route-module.js';
import { FieldValidation } from '../../../../validation/field-validation.js';
import { boundedInteger } from '../../../../validation/order-fields/bounded-integer.js';
import { clientOrderIdField } from '../../../../validation/order-fields/client-order-id.js';
import { tradingMarket } from '../../../../validation/order-fields/market.js';

/**
 * The caller's executed deals (one per side the caller was on), newest first: an array when a
 * `market` is named, otherwise grouped by market. `limit` 1–100 (50), `offset` 0–10000.
 */
export const executedHistoryRoute = defineRoute(executedHistory, (app: FastifyInstance, { venue }: ViewRouteDeps) => {
  app.post(executedHistory.path, { config: { endpoint: executedHistory } }, async (request, reply) => {
    const v = new FieldValidation(request.body as Record<string, unknown>);
    const spec = tradingMarket(v, venue.state, { required: false, spotOnly: false });
    const clientOrderId = clientOrderIdField(v);
    const limit = boundedInteger(v, 'limit', 50, 1, 100);
    const offset = boundedInteger(v, 'offset', 0, 0, 10_000);
    const startDate = boundedInteger(v, 'startDate', 0, 0, Number.MAX_SAFE_INTEGER);
    const endDate = boundedInteger(v, 'endDate', 0, 0, Number.MAX_SAFE_INTEGER);
    if (v.failed) return sendError(reply, orderReadError(v), { errors: v.errors });

    const rows = await venue.readDurable(async (store) => {
      let q = await userDeals(store, request.auth?.user ?? '', walkFor(clientOrderId));
      if (spec !== undefined) q = q.where('market', '=', spec.name);
      if (clientOrderId !== '') q = q.where('client_order_id', '=', clientOrderId);
      if (startDate > 0) q = q.where('time', '>=', startDate * 1_000_000);
      if (endDate > 0) q = q.where('time', '<', (endDate + 1) * 1_000_000);
      return q.orderBy('trade_id', 'desc').orderBy('role', 'asc').limit(limit).offset(offset).execute();
    });
    const state = venue.state;
    const render = (i: number): Record<string, unknown> => executedDeal(state, rows[i]!);
    return reply.send(spec !== undefined ? rows.map((_, i) => render(i)) : byMarket(rows, render));
  });
});
