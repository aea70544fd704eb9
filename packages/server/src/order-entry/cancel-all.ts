import type { OrderKind } from '@txc/core';

import type { VenueView } from '../venue/venue-view.js';
import type { Cancelled } from './cancel-order.js';
import { FieldValidation } from '../http/validation/field-validation.js';
import { tradingMarket } from '../http/validation/order-fields/market.js';

const KINDS: readonly string[] = ['spot', 'margin', 'futures'];

/**
 * Cancels every open order of the user (reference §5.6), of `market` when given and of the `type`s
 * named (all when none), as the REST endpoint and the socket's `order_cancel_all` both do. Resolves
 * once durable.
 */
export async function cancelAllOrders(
  venue: VenueView,
  user: string,
  body: Record<string, unknown>,
): Promise<Cancelled<null>> {
  const v = new FieldValidation(body);
  const spec = tradingMarket(v, venue.state, { required: false, spotOnly: false });
  let kinds: OrderKind[] | null = null;
  if (body.type !== undefined && body.type !== null) {
    if (!Array.isArray(body.type)) v.add('type', 'The type must be an array.');
    else if (body.type.some((k) => typeof k !== 'string' || !KINDS.includes(k))) {
      v.add('type', 'The selected type is invalid.');
    } else kinds = body.type as OrderKind[];
  }
  if (v.failed) return { invalid: v.errors };
  const { result } = await venue.submit({ type: 'CancelAllOrders', user, market: spec?.name ?? null, kinds });
  return result.ok ? { value: null } : { rejected: result.rejection };
}
