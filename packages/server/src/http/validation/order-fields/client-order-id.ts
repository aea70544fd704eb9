import type { FieldValidation } from '../field-validation.js';

const FORMAT = /^[A-Za-z0-9._-]+$/;
export const CLIENT_ORDER_ID_MAX = 64;

/** `client_order_id` / `clientOrderId`: "" when absent. */
export function clientOrderIdField(v: FieldValidation): string {
  const value = v.body[v.spelling(['client_order_id', 'clientOrderId'])] ?? undefined;
  if (value === undefined) return '';
  if (typeof value !== 'string') {
    v.add('clientOrderId', 'ClientOrderId field should be a string.');
    return '';
  }
  if (value === '') return '';
  if (!FORMAT.test(value)) {
    v.add('clientOrderId', 'ClientOrderId field should contain only latin letters, numbers and dashes.');
  } else if (value.length > CLIENT_ORDER_ID_MAX) {
    v.add('clientOrderId', `ClientOrderId field should not be longer than ${CLIENT_ORDER_ID_MAX} characters.`);
  }
  return value;
}
