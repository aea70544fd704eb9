import type { OrderView, Rejection } from '@txc/core';
import type { FieldErrors } from '@txc/sdk';

import type { VenueView } from '../venue/venue-view.js';
import { FieldValidation } from '../http/validation/field-validation.js';
import { clientOrderIdField } from '../http/validation/order-fields/client-order-id.js';
import { tradingMarket } from '../http/validation/order-fields/market.js';
import { hasOrderId, ORDER_ID_REQUIRED, orderIdField } from '../http/validation/order-fields/order-id.js';

/** What a cancel came to: the order as it ended, or why it was refused. */
export type Cancelled<T = OrderView> =
  { readonly value: T } | { readonly invalid: FieldErrors } | { readonly rejected: Rejection };

/**
 * Cancels one order (reference §5.6), as the REST endpoint and the socket's `order_cancel` both do:
 * `market` and exactly one of `orderId` / `clientOrderId`. An order that is filled, cancelled or not
 * the user's is ORDER_NOT_FOUND. Resolves once durable.
 */
export async function cancelOrder(venue: VenueView, user: string, body: Record<string, unknown>): Promise<Cancelled> {
  const v = new FieldValidation(body);
  const spec = tradingMarket(v, venue.state, { spotOnly: false });
  const orderId = orderIdField(v);
  const clientOrderId = clientOrderIdField(v);
  const hasId = hasOrderId(v);
  const hasClientId = clientOrderId !== '';
  if (!hasId && !hasClientId) v.add('orderId', ORDER_ID_REQUIRED);
  if (hasId && hasClientId) v.add('orderId', 'Only one of orderId and clientOrderId may be given.');
  if (v.failed || spec === undefined) return { invalid: v.errors };
  const { result } = await venue.submit(
    orderId !== undefined
      ? { type: 'CancelOrder', user, market: spec.name, orderId }
      : { type: 'CancelOrder', user, market: spec.name, clientOrderId },
  );
  return result.ok ? { value: result.value } : { rejected: result.rejection };
}
