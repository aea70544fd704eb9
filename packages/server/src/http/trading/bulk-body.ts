import type { OrderView } from '@txc/core';
import { renderError } from '@txc/sdk';
import type { BulkOutcome } from '../../order-entry/bulk-orders.js';

/** A bulk answer's items: each its result or its error body, the other null (exchange docs). */
export function bulkBody(items: readonly BulkOutcome[], result: (order: OrderView) => unknown): unknown[] {
  return items.map((item) => {
    if ('order' in item) return { result: result(item.order), error: null };
    const { name, errors } = item.refused;
    return { result: null, error: renderError(name, errors === undefined ? {} : { errors }).body };
  });
}
