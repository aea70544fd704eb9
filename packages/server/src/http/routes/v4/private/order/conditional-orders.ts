import { ocoGroupsOf, type State } from '@txc/core';
import { conditionalOrders } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { groupLegs, ocoLegBody } from '../../../../trading/oco-legs.js';
import { orderBody } from '../../../../trading/order-body.js';
import { listingFilters } from '../../../../validation/conditional-listing.js';
import { orderReadError } from '../../../../validation/order-read-error.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

type ConditionalRecord = { readonly id: number } & Record<string, unknown>;

/** The user's live OCO groups and OTO groups whose parent is still open, oldest first. */
function recordsOf(state: State, user: string, market: string | undefined): ConditionalRecord[] {
  const out: ConditionalRecord[] = [];
  for (const g of ocoGroupsOf(state.ocos)) {
    const legs = g.user === user && (market === undefined || g.market === market) ? groupLegs(state, g) : undefined;
    if (legs === undefined) continue;
    const stopLoss = ocoLegBody(state, legs.stop, 'camel');
    out.push({ id: g.id, type: 'oco', stopLoss, takeProfit: ocoLegBody(state, legs.limit, 'camel') });
  }
  for (const g of state.collateral.otos.values()) {
    const parent = g.parentOpen ? state.trading.orders.get(g.parentId) : undefined;
    if (parent === undefined || g.user !== user || (market !== undefined && g.market !== market)) continue;
    const link = parent.oto;
    out.push({
      id: g.id,
      type: 'oto',
      ...(link?.stopLoss ? { stopLossPrice: link.stopLoss.text } : {}),
      ...(link?.takeProfit ? { takeProfitPrice: link.takeProfit.text } : {}),
      conditionalOrder: orderBody(state, parent),
    });
  }
  // OCO and OTO ids come from different sequences: by the time the group was placed, its first order's id
  const placedAt = (r: ConditionalRecord): number =>
    r.type === 'oco' ? r.id : (((r.conditionalOrder as { orderId?: number }).orderId as number) ?? r.id);
  return out.sort((a, b) => placedAt(a) - placedAt(b));
}

/** Live OCO and OTO groups, paged with their total (exchange docs `getConditionalOrders`). */
export const conditionalOrdersRoute = defineRoute(conditionalOrders, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(conditionalOrders.path, { config: { endpoint: conditionalOrders } }, async (request, reply) => {
    const read = listingFilters(request.body as Record<string, unknown>, venue.state, 100);
    if ('invalid' in read) return sendError(reply, orderReadError(read.invalid), { errors: read.invalid.errors });
    const { market, limit, offset } = read.filters;
    const records = recordsOf(venue.state, request.auth?.user ?? '', market?.name);
    await venue.barrier();
    return reply.send({ limit, offset, total: records.length, records: records.slice(offset, offset + limit) });
  });
});
