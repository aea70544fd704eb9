import type { Rejection, TradingAccount } from '@txc/core';
import type { FastifyReply } from 'fastify';
import { sendError } from '../send-error.js';

export const OTO_WRONG = {
  stopLoss: 'Wrong activation price for stop loss.',
  takeProfit: 'Wrong activation price for take profit.',
} as const;

export const LEVERAGE_MESSAGE = 'Leverage should be one of 1, 2, 3, 5, 10, 20, 50, 100.';

/**
 * An engine refusal of a trading command, in the reference's code, field and message; a collateral
 * order's answers the same refusals with the HTTP status of its endpoint (reference §6.1).
 */
export function sendTradingRejection(
  reply: FastifyReply,
  r: Rejection,
  account: TradingAccount = 'spot',
): FastifyReply {
  const collateral = account === 'collateral';
  switch (r.reason) {
    case 'NOT_ENOUGH_BALANCE':
      return sendError(reply, collateral ? 'collateralNotEnoughBalance' : 'notEnoughBalance');
    case 'POST_ONLY_WOULD_TAKE':
      return sendError(reply, collateral ? 'collateralPostOnlyWouldTake' : 'postOnlyWouldTake');
    case 'ORDER_NOT_FOUND':
      return sendError(reply, 'orderNotFound');
    case 'IOC_AND_POST_ONLY':
      return sendError(reply, 'iocAndPostOnly');
    case 'CLIENT_ORDER_ID_IN_USE':
      return sendError(reply, 'orderValidation', {
        errors: { clientOrderId: ['This client order id is already used by the current account.'] },
      });
    case 'STOP_NO_LAST_PRICE':
      return sendError(reply, 'orderValidation', { errors: { activationPrice: ['Empty history'] } });
    case 'STOP_AT_LAST_PRICE':
      return sendError(reply, 'orderValidation', {
        errors: { activationPrice: ['Activation price should not be equal to the last price'] },
      });
    case 'MARKET_NOT_AVAILABLE':
    case 'ACCOUNT_NOT_AVAILABLE':
      return sendError(reply, 'orderValidation', { errors: { market: ['Market is not available.'] } });
    case 'INDEX_PRICE_MISSING':
      return sendError(reply, 'orderValidation', {
        errors: { market: ['The index price of this market is not available yet.'] },
      });
    case 'RPI_AND_IOC':
      return sendError(reply, 'rpiAndIoc');
    case 'OTO_PRICE_WRONG': {
      const field = r.params?.field === 'takeProfit' ? 'takeProfit' : 'stopLoss';
      return sendError(reply, 'orderValidation', { errors: { [field]: [OTO_WRONG[field]] } });
    }
    case 'OTO_NOT_ALLOWED':
      return sendError(reply, 'orderValidation', {
        errors: { stopLoss: ['Stop loss and take profit are not available for this order.'] },
      });
    case 'OTO_NOT_FOUND':
      return sendError(reply, 'otoNotFound');
    case 'POSITION_SIDE_MISMATCH':
      return sendError(reply, 'positionSideMismatch');
    case 'WOULD_FLIP_POSITION':
      return sendError(reply, 'wouldFlipPosition');
    case 'REDUCE_ONLY_NO_POSITION':
      return sendError(reply, 'reduceOnlyNoPosition');
    case 'POSITION_TOO_BIG':
      return sendError(reply, 'positionTooBig');
    case 'HEDGE_MODE_LOCKED':
      return sendError(reply, 'hedgeModeLocked');
    case 'LEVERAGE_LOCKED':
      return sendError(reply, 'leverageLocked');
    case 'LEVERAGE_NOT_ENOUGH_BALANCE':
      return sendError(reply, 'leverageNotEnoughBalance');
    case 'LEVERAGE_INVALID':
      return sendError(reply, 'orderValidation', { errors: { leverage: [LEVERAGE_MESSAGE] } });
    default:
      return sendError(reply, 'invalidArgument');
  }
}
