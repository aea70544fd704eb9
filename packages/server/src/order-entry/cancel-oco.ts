import type { OcoCancelled } from '@txc/core';
import type { VenueView } from '../venue/venue-view.js';
import type { Cancelled } from './cancel-order.js';
import { FieldValidation } from '../http/validation/field-validation.js';
import { clientOrderIdField } from '../http/validation/order-fields/client-order-id.js';
import { collateralMarket } from '../http/validation/order-fields/market.js';
import { hasOrderId, ORDER_ID_REQUIRED, orderIdField } from '../http/validation/order-fields/order-id.js';

/**
 * Cancels a live OCO group (`order/oco-cancel`): `market` and exactly one of `orderId` (the group's
 * id) / `clientOrderId` (a leg's), both or neither refused with code 30. Resolves once durable.
 */
export async function cancelOcoGroup(
  venue: VenueView,
  user: string,
  body: Record<string, unknown>,
): Promise<Cancelled<OcoCancelled>> {
  const v = new FieldValidation(body);
  const spec = collateralMarket(v, venue.state);
  const byId = hasOrderId(v);
  const orderId = orderIdField(v);
  const clientOrderId = clientOrderIdField(v);
  if (!byId && clientOrderId === '' && !('clientOrderId' in v.errors)) {
    v.add('orderId', ORDER_ID_REQUIRED);
  } else if (byId && clientOrderId !== '') {
    v.add('orderId', 'Only one of orderId and clientOrderId may be given.');
  }
  if (v.failed || spec === undefined) return { invalid: v.errors };
  const { result } = await venue.submit({
    type: 'CancelOco',
    user,
    market: spec.name,
    ...(orderId === undefined ? { clientOrderId } : { ocoId: orderId }),
  });
  return result.ok ? { value: result.value } : { rejected: result.rejection };
}
