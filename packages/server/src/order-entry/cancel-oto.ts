import type { OrderView } from '@txc/core';

import { userFinishedOrder } from '../store/user-history.js';
import { readAfterCommit } from '../venue/read-after-commit.js';
import type { VenueView } from '../venue/venue-view.js';
import type { Cancelled } from './cancel-order.js';
import { FieldValidation } from '../http/validation/field-validation.js';
import { boundedInteger } from '../http/validation/order-fields/bounded-integer.js';
import { collateralMarket } from '../http/validation/order-fields/market.js';

/** An OTO group as its cancel left it: the parent (null when never found) and the legs still live then. */
export interface OtoGroupCancelled {
  readonly otoId: number;
  readonly parentId: number;
  readonly parent: OrderView | null;
  readonly stopLoss: OrderView | null;
  readonly takeProfit: OrderView | null;
}

/**
 * Cancels an OTO group (reference §6.1), as the REST endpoint and the socket's
 * `order_cancel_conditional` both do: `market` and `otoId` (or `oto_id`); its parent if still open
 * and its live legs. A parent that had finished before is read from the history, as it ended.
 * Resolves once durable.
 */
export async function cancelOtoGroup(
  venue: VenueView,
  user: string,
  body: Record<string, unknown>,
): Promise<Cancelled<OtoGroupCancelled>> {
  const v = new FieldValidation(body);
  // OTO groups live on collateral markets only: another market has none to cancel (code 31, as the exchange documents)
  const spec = collateralMarket(v, venue.state);
  const otoKey = v.spelling(['otoId', 'oto_id']);
  const otoId = boundedInteger(v, otoKey, -1, 0, Number.MAX_SAFE_INTEGER);
  if (otoId < 0 && !(otoKey in v.errors)) v.add('otoId', 'OtoId field is required.');
  if (v.failed || spec === undefined) return { invalid: v.errors };
  const { result } = await venue.submit({ type: 'CancelOto', user, market: spec.name, otoId });
  if (!result.ok) return { rejected: result.rejection };
  const { parent, parentId, stopLoss, takeProfit } = result.value;
  const ended =
    parent ?? (await readAfterCommit(venue, (store) => userFinishedOrder(store, user, parentId)))?.order ?? null;
  return { value: { otoId: result.value.otoId, parentId, parent: ended, stopLoss, takeProfit } };
}
