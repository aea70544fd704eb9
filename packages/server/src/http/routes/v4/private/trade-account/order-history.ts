import { orderHistory } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { byMarket, historyOrder } from '../../../../trading/history-format.js';
import { HISTORY_WINDOW_DAYS, historyWindow } from '../../../../trading/history-window.js';
import { orderReadError } from '../../../../validation/order-read-error.js';
import type { ViewRouteDeps } from '../../../route-deps.js';
import {
  finishedOf,
  userFinishedOrder,
  userFinishedOrders,
  walkFor,
  type FinishedOrder,
} from '../../../../../store/user-history.js';
import { defineRoute } from '../../../../route-module.js';
import { FieldValidation } from '../../../../validation/field-validation.js';
import { boundedInteger } from '../../../../validation/order-fields/bounded-integer.js';
import { clientOrderIdField } from '../../../../validation/order-fields/client-order-id.js';
import { tradingMarket } from '../../../../validation/order-fields/market.js';
import { orderIdField } from '../../../../validation/order-fields/order-id.js';

const STATUSES = ['ALL', 'FILLED', 'CANCELED', 'CANCELLED', 'PARTIALLY_FILLED'];

/**
 * Reference §5.8: the caller's finished orders grouped by market, newest first, finished within the
 * dates' window (see historyWindow). `orderId` takes precedence over every other filter; an unknown
 * `clientOrderId` answers code 30 `orderHistory`.
 * `PARTIALLY_FILLED` lists orders cancelled after part of them filled. `CANCELED` (or `CANCELLED`)
 * lists every cancelled order, those cancelled for a reason (`CANCELED_STP`, `AUTO_CANCELED_*`) too:
 * the filter names no reason, and a client asking for cancelled orders wants them all.
 */
export const orderHistoryRoute = defineRoute(orderHistory, (app: FastifyInstance, { venue }: ViewRouteDeps) => {
  app.post(orderHistory.path, { config: { endpoint: orderHistory } }, async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const v = new FieldValidation(body);
    const spec = tradingMarket(v, venue.state, { required: false, spotOnly: false });
    const orderId = orderIdField(v);
    const clientOrderId = clientOrderIdField(v);
    const limit = boundedInteger(v, 'limit', 50, 1, 500);
    const offset = boundedInteger(v, 'offset', 0, 0, 10_000);
    const startDate = boundedInteger(v, 'startDate', 0, 0, Number.MAX_SAFE_INTEGER);
    const endDate = boundedInteger(v, 'endDate', 0, 0, Number.MAX_SAFE_INTEGER);
    const status = body.status ?? 'ALL';
    if (typeof status !== 'string' || !STATUSES.includes(status)) v.add('status', 'The selected status is invalid.');
    const window = historyWindow(venue.clock.nowMs(), startDate, endDate);
    if ('tooWide' in window && orderId === undefined) {
      v.add('endDate', `The period between startDate and endDate may not exceed ${HISTORY_WINDOW_DAYS} days.`);
    }
    if (v.failed) return sendError(reply, orderReadError(v), { errors: v.errors });

    const user = request.auth?.user ?? '';
    const page = await venue.readDurable(async (store): Promise<FinishedOrder[] | undefined> => {
      if (orderId !== undefined) {
        // one row, found by its primary key
        const found = await userFinishedOrder(store, user, orderId);
        return found === undefined ? [] : [found];
      }
      let q = await userFinishedOrders(store, user, walkFor(clientOrderId));
      if (spec !== undefined) q = q.where('market', '=', spec.name);
      if (clientOrderId !== '') q = q.where('client_order_id', '=', clientOrderId);
      if (status === 'FILLED') q = q.where('status', '=', 'FILLED');
      // a cancel's reason is a column of its own: every cancel keeps the status CANCELLED
      if (status === 'CANCELED' || status === 'CANCELLED' || status === 'PARTIALLY_FILLED') {
        q = q.where('status', '=', 'CANCELLED');
      }
      if ('start' in window) {
        q = q.where('finished', '>=', window.start * 1_000_000).where('finished', '<', (window.end + 1) * 1_000_000);
      }
      q = q.orderBy('order_id', 'desc');
      // Paged in SQL, except where a row filter or the not-found answer needs every match (a client
      // order id matches few orders).
      const whole = clientOrderId !== '' || status === 'PARTIALLY_FILLED';
      let orders = (await (whole ? q : q.limit(limit).offset(offset)).execute()).map(finishedOf);
      if (status === 'PARTIALLY_FILLED') orders = orders.filter((f) => f.order.dealStock > 0);
      // undefined: the client order id matches none
      if (clientOrderId !== '' && orders.length === 0) return undefined;
      return whole ? orders.slice(offset, offset + limit) : orders;
    });
    if (page === undefined) {
      return sendError(reply, 'orderValidation', { errors: { orderHistory: ['OrderHistory was not found.'] } });
    }
    const state = venue.state;
    const shown = page.map((f) => f.order);
    return reply.send(byMarket(shown, (i) => historyOrder(state, shown[i]!, page[i]!.reason)));
  });
});
