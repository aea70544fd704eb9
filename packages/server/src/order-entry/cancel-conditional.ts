import type { OcoCancelled, State } from '@txc/core';
import type { VenueView } from '../venue/venue-view.js';
import { cancelOcoGroup } from './cancel-oco.js';
import type { Cancelled } from './cancel-order.js';
import { cancelOtoGroup, type OtoGroupCancelled } from './cancel-oto.js';
import { FieldValidation } from '../http/validation/field-validation.js';
import { boundedInteger } from '../http/validation/order-fields/bounded-integer.js';
import { collateralMarket } from '../http/validation/order-fields/market.js';

/** A conditional group as its cancel left it: an OCO group's two legs, or an OTO group's orders. */
export type ConditionalCancelled =
  { readonly type: 'oco'; readonly group: OcoCancelled } | { readonly type: 'oto'; readonly group: OtoGroupCancelled };

/**
 * Whether `id` names a live OCO group of the user on the market. OCO ids come from the order id
 * sequence and OTO ids from their own, so one id can name both: the OCO group is the one meant then
 * (docs/decisions.md, "Conditional cancel").
 */
function namesOco(state: State, user: string, market: string, id: number): boolean {
  const group = state.ocos.get(id);
  return group !== undefined && group.id === id && group.user === user && group.market === market;
}

/**
 * Cancels a conditional group by `market` and `id` (exchange docs `order/conditional-cancel`, and the
 * socket's `order_cancel_conditional`): a live OCO group with both its legs, or else an OTO group
 * with its parent and live legs. Resolves once durable; a group not found is OCO_NOT_FOUND or
 * OTO_NOT_FOUND.
 */
export async function cancelConditionalGroup(
  venue: VenueView,
  user: string,
  body: Record<string, unknown>,
): Promise<Cancelled<ConditionalCancelled>> {
  const v = new FieldValidation(body);
  const spec = collateralMarket(v, venue.state);
  const id = boundedInteger(v, 'id', -1, 0, Number.MAX_SAFE_INTEGER);
  if (id < 0 && !('id' in v.errors)) v.add('id', 'Id field is required.');
  if (v.failed || spec === undefined) return { invalid: v.errors };
  if (namesOco(venue.state, user, spec.name, id)) {
    const cancelled = await cancelOcoGroup(venue, user, { market: spec.name, orderId: id });
    return 'value' in cancelled ? { value: { type: 'oco', group: cancelled.value } } : cancelled;
  }
  const cancelled = await cancelOtoGroup(venue, user, { market: spec.name, otoId: id });
  return 'value' in cancelled ? { value: { type: 'oto', group: cancelled.value } } : cancelled;
}
