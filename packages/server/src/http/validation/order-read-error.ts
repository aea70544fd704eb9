import type { FieldValidation } from './field-validation.js';

/**
 * The error of a failed order read (`orders`, `trade-account/order/history`, `executed-history`):
 * the reference's code 31 when the market is what is wrong, 30 otherwise.
 */
export function orderReadError(v: FieldValidation): 'marketValidation' | 'orderValidation' {
  return 'market' in v.errors ? 'marketValidation' : 'orderValidation';
}
