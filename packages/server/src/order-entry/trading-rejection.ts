import type { Rejection, TradingAccount } from '@txc/core';
import type { ErrorName, FieldErrors } from '@txc/sdk';
import { OTO_WRONG } from '../http/validation/order-fields/oto-prices.js';

export const LEVERAGE_MESSAGE = 'Leverage should be one of 1, 2, 3, 5, 10, 20, 50, 100.';

/** A refusal as the error catalogue names it: the entry, and the field errors its body lists. */
export interface CatalogueAnswer {
  readonly name: ErrorName;
  readonly errors?: FieldErrors;
}

function fieldError(field: string, message: string): CatalogueAnswer {
  return { name: 'orderValidation', errors: { [field]: [message] } };
}

/**
 * An engine refusal of a trading command as the reference answers it: its catalogue entry, and the
 * field and message where it names one. A collateral order's refusals use the entries of its
 * endpoints (reference §6.1).
 */
export function tradingRejection(r: Rejection, account: TradingAccount = 'spot'): CatalogueAnswer {
  const collateral = account === 'collateral';
  switch (r.reason) {
    case 'NOT_ENOUGH_BALANCE':
      return { name: collateral ? 'collateralNotEnoughBalance' : 'notEnoughBalance' };
    case 'POST_ONLY_WOULD_TAKE':
      return { name: collateral ? 'collateralPostOnlyWouldTake' : 'postOnlyWouldTake' };
    case 'ORDER_NOT_FOUND':
      return { name: 'orderNotFound' };
    case 'IOC_AND_POST_ONLY':
      return { name: 'iocAndPostOnly' };
    case 'CLIENT_ORDER_ID_IN_USE':
      return fieldError('clientOrderId', 'This client order id is already used by the current account.');
    case 'STOP_NO_LAST_PRICE':
      return fieldError('activationPrice', 'Empty history');
    case 'STOP_AT_LAST_PRICE':
      return fieldError('activationPrice', 'Activation price should not be equal to the last price');
    case 'MARKET_NOT_AVAILABLE':
    case 'ACCOUNT_NOT_AVAILABLE':
      return fieldError('market', 'Market is not available.');
    case 'INDEX_PRICE_MISSING':
      return fieldError('market', 'The index price of this market is not available yet.');
    case 'RPI_AND_IOC':
      return { name: 'rpiAndIoc' };
    case 'OTO_PRICE_WRONG': {
      const field = r.params?.field === 'takeProfit' ? 'takeProfit' : 'stopLoss';
      return fieldError(field, OTO_WRONG[field]);
    }
    case 'OTO_NOT_ALLOWED':
      return fieldError('stopLoss', 'Stop loss and take profit are not available for this order.');
    case 'OTO_NOT_FOUND':
      return { name: 'otoNotFound' };
    case 'OCO_NOT_FOUND':
      return { name: 'ocoNotFound' };
    case 'OCO_ACTIVATION_WRONG':
      return { name: 'ocoActivationWrong' };
    case 'OCO_PRICES_WRONG':
      return { name: 'ocoPricesWrong' };
    case 'OCO_CLIENT_IDS_SAME':
      return fieldError('stop_client_order_id', 'The stop_client_order_id must differ from limit_client_order_id.');
    case 'POSITION_SIDE_MISMATCH':
      return { name: 'positionSideMismatch' };
    case 'WOULD_FLIP_POSITION':
      return { name: 'wouldFlipPosition' };
    case 'REDUCE_ONLY_NO_POSITION':
      return { name: 'reduceOnlyNoPosition' };
    case 'POSITION_TOO_BIG':
      return { name: 'positionTooBig' };
    case 'HEDGE_MODE_LOCKED':
      return { name: 'hedgeModeLocked' };
    case 'LEVERAGE_LOCKED':
      return { name: 'leverageLocked' };
    case 'LEVERAGE_NOT_ENOUGH_BALANCE':
      return { name: 'leverageNotEnoughBalance' };
    case 'LEVERAGE_INVALID':
      return fieldError('leverage', LEVERAGE_MESSAGE);
    default:
      return { name: 'invalidArgument' };
  }
}
