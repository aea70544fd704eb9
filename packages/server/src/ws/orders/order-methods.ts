import {
  collateralOco,
  orderCancel,
  orderCancelAll,
  orderConditionalCancel,
  orderModify,
  type PrivateEndpoint,
} from '@txc/sdk';
import type { StreamContext } from '../channel.js';
import type { MethodSpec, MethodTable } from '../method.js';
import { cancel, cancelAll, cancelConditional } from './cancels.js';
import { modify } from './modify.js';
import { ocoPlace } from './oco-place.js';
import { orderParams } from './order-params.js';
import { arrivalCancelReason, orderResult } from './order-result.js';
import { otoPlace } from './oto-place.js';
import { admitAs, place, PLACEMENTS, userOf } from './placements.js';

function method(handle: MethodSpec['handle']): MethodSpec {
  // answered once the command is durable (venue.submit resolves after its commit): nothing more to wait for
  return { private: true, readsState: false, handle };
}

/**
 * The order methods of the socket (websocket spec §9): placements and cancels through the same
 * order entry as the REST endpoints, for authorized connections only (code 6 before `authorize`).
 */
export function orderMethods(ctx: StreamContext): MethodTable {
  const table: Record<string, MethodSpec> = {};
  for (const [name, terms] of Object.entries(PLACEMENTS)) {
    table[name] = method(async (conn, params) => {
      const order = await place(ctx, conn, orderParams(params), terms);
      return orderResult(ctx.venue.state, order, await arrivalCancelReason(ctx.venue, userOf(conn), order));
    });
  }
  /** A method doing what `endpoint` does over REST, for keys allowed to call it. */
  const as = (endpoint: PrivateEndpoint, handle: MethodSpec['handle']): MethodSpec =>
    method(async (conn, params) => {
      await admitAs(ctx, conn, endpoint);
      return handle(conn, params);
    });
  table.collateral_order_oco_place = as(collateralOco, (conn, params) => ocoPlace(ctx, conn, orderParams(params)));
  // each trigger order is checked as its own placement is
  table.collateral_order_oto_place = method((conn, params) => otoPlace(ctx, conn, orderParams(params)));
  table.order_modify = as(orderModify, (conn, params) => modify(ctx, conn, orderParams(params)));
  table.order_cancel = as(orderCancel, (conn, params) => cancel(ctx, conn, orderParams(params)));
  table.order_cancel_conditional = as(orderConditionalCancel, (conn, params) =>
    cancelConditional(ctx, conn, orderParams(params)),
  );
  table.order_cancel_all = as(orderCancelAll, (conn, params) => cancelAll(ctx, conn, orderParams(params)));
  return table;
}
