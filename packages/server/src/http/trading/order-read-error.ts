import type { FieldErrors } from '@txc/sdk';

/**
 * The code of a refused request whose market is not open for trading: 31, as the exchange answers on
 * `order/modify`, the kill-switch endpoints and `order/oto-cancel`; any other problem 30.
 */
export function orderReadErrorOf(errors: FieldErrors): 'marketValidation' | 'orderValidation' {
  return errors.market?.includes('Market is not available.') === true ? 'marketValidation' : 'orderValidation';
}
