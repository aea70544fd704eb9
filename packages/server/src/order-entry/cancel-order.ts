import type { OrderView, Rejection } from '@txc/core';
import type { FieldErrors } from '@txc/sdk';
import { OrderValidation } from '../http/validation/order-validation.js';
import type { Venue } from '../venue/venue.js';

/** What a cancel came to: the order as it ended, or why it was refused. */
export type Cancelled<T = OrderView> =
  { readonly value: T } | { readonly invalid: FieldErrors } | { readonly rejected: Rejection };

/**
 * Cancels one order (reference §5.6), as the REST endpoint and the socket's `order_cancel` both do:
 * `market` and exactly one of `orderId` / `clientOrderId`. An order that is filled, cancelled or not
 * the user's is ORDER_NOT_FOUND. Resolves once durable.
 */
export async function cancelOrder(venue: Venue, user: string, body: Record<string, unknown>): Promise<Cancelled> {
  const v = new OrderValidation(body);
  const spec = v.market(venue.state, { spotOnly: false });
  const orderId = v.orderId();
  const clientOrderId = v.clientOrderId();
  const hasId = v.hasOrderId();
  const hasClientId = clientOrderId !== '';
  if (!hasId && !hasClientId) v.add('orderId', 'OrderId field is required.');
  if (hasId && hasClientId) v.add('orderId', 'Only one of orderId and clientOrderId may be given.');
  if (v.failed || spec === undefined) return { invalid: v.errors };
  const { result } = await venue.submit(
    orderId !== undefined
      ? { type: 'CancelOrder', user, market: spec.name, orderId }
      : { type: 'CancelOrder', user, market: spec.name, clientOrderId },
  );
  return result.ok ? { value: result.value } : { rejected: result.rejection };
}
