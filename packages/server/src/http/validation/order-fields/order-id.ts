import type { FieldValidation } from '../field-validation.js';
import { integerValue } from '../integer-value.js';

const SPELLINGS = ['orderId', 'order_id'] as const;

/** Neither an order id nor a client order id where one of them names the order. */
export const ORDER_ID_REQUIRED = 'OrderId field is required.';

/** Whether the body names an order id, under either spelling, whatever its value. */
export function hasOrderId(v: FieldValidation): boolean {
  return (v.body[v.spelling(SPELLINGS)] ?? undefined) !== undefined;
}

/** An order id (integer or digits) under `orderId` / `order_id`. */
export function orderIdField(v: FieldValidation): number | undefined {
  const value = v.body[v.spelling(SPELLINGS)] ?? undefined;
  if (value === undefined) return undefined;
  const n = integerValue(value);
  if (n === undefined || n < 0) {
    v.add('orderId', 'OrderId field should be an integer.');
    return undefined;
  }
  return n;
}
