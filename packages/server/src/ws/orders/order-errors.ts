import type { MarketSpec, Rejection, State, TradingAccount } from '@txc/core';
import type { FieldErrors } from '@txc/sdk';
import type { Invalid } from '../../order-entry/place-order.js';
import { ORDER_ID_REQUIRED } from '../../http/validation/order-fields/order-id.js';
import { OTO_WRONG } from '../../http/validation/order-fields/oto-prices.js';
import { invalidArgument, WS_ERRORS, WsError, type WsErrorBody } from '../protocol.js';
import { paramOf } from './order-params.js';

/** The order methods' own codes (websocket spec §9.4), with the docs' messages. */
export const ORDER_ERRORS = {
  orderNotFound: { code: 6, message: 'order not found' },
  balanceNotEnough: { code: 10, message: 'balance not enough' },
  amountTooSmall: { code: 11, message: 'amount too small' },
  marginBalanceNotEnough: { code: 17, message: 'user margin balance not enough' },
  notMarginMarket: { code: 19, message: 'market is not margin market' },
  notPostOnly: { code: 40, message: 'order is not post only' },
  clientOrderIdExists: { code: 43, message: 'client order id already exists' },
  tradingNotAllowed: { code: 51, message: 'trading in the market is not allowed' },
  activationAtLastPrice: { code: 101, message: 'activation price equals last price' },
  wrongTakeProfit: { code: 105, message: 'wrong activation price for take profit' },
  wrongStopLoss: { code: 106, message: 'wrong activation price for stop loss' },
  positionTooBig: { code: 111, message: 'margin position too big' },
  positionSideChangeMode: { code: 113, message: 'position side change mode' },
  positionSideMismatch: { code: 114, message: 'position side mismatch' },
  reduceOnlyWouldFlip: { code: 115, message: 'reduce-only order would flip the position' },
  nothingToReduce: { code: 116, message: 'reduce-only order has no position to reduce' },
  wrongOcoActivation: { code: 151, message: 'wrong activation price for stop loss' },
  ocoValidation: { code: 161, message: 'conditional order validation' },
  unknownConditionalType: { code: 200, message: 'unknown conditional order type' },
  unknownTriggerType: { code: 201, message: 'unknown trigger order type' },
  keyRestricted: { code: 601, message: 'account restricted' },
  tooManyRequests: { code: 10000, message: 'too many requests per period' },
  tooManyNewOrders: { code: 10001, message: 'too many new orders per period' },
} as const satisfies Record<string, WsErrorBody>;

const FLAGS = 'wrong flags combination';

/** An engine refusal as the order methods answer it (docs/decisions.md, "WebSocket order methods"). */
export function rejectionError(r: Rejection, account: TradingAccount): WsError {
  switch (r.reason) {
    case 'NOT_ENOUGH_BALANCE':
      return new WsError(
        account === 'collateral' ? ORDER_ERRORS.marginBalanceNotEnough : ORDER_ERRORS.balanceNotEnough,
      );
    case 'POST_ONLY_WOULD_TAKE':
      return new WsError(ORDER_ERRORS.notPostOnly);
    case 'ORDER_NOT_FOUND':
    case 'OTO_NOT_FOUND':
    case 'OCO_NOT_FOUND':
      return new WsError(ORDER_ERRORS.orderNotFound);
    case 'IOC_AND_POST_ONLY':
    case 'RPI_AND_IOC':
      return invalidArgument(FLAGS);
    case 'CLIENT_ORDER_ID_IN_USE':
      return new WsError(ORDER_ERRORS.clientOrderIdExists);
    case 'STOP_AT_LAST_PRICE':
      return new WsError(ORDER_ERRORS.activationAtLastPrice);
    case 'STOP_NO_LAST_PRICE':
      return invalidArgument('activation_price: the market has no last price yet');
    case 'MARKET_NOT_AVAILABLE':
    case 'ACCOUNT_NOT_AVAILABLE':
      return new WsError(ORDER_ERRORS.tradingNotAllowed);
    case 'INDEX_PRICE_MISSING':
      return new WsError(WS_ERRORS.unavailable, 'the index price of this market is not available yet');
    case 'OTO_PRICE_WRONG':
      return new WsError(r.params?.field === 'takeProfit' ? ORDER_ERRORS.wrongTakeProfit : ORDER_ERRORS.wrongStopLoss);
    case 'OCO_ACTIVATION_WRONG':
      return new WsError(ORDER_ERRORS.wrongOcoActivation);
    case 'OCO_PRICES_WRONG':
      return new WsError(
        ORDER_ERRORS.ocoValidation,
        'the limit price must lie on the other side of the activation price',
      );
    case 'OCO_CLIENT_IDS_SAME':
      return invalidArgument('limit_client_order_id and stop_client_order_id cannot be equal');
    case 'POSITION_TOO_BIG':
      return new WsError(ORDER_ERRORS.positionTooBig);
    case 'HEDGE_MODE_LOCKED':
      return new WsError(ORDER_ERRORS.positionSideChangeMode);
    case 'POSITION_SIDE_MISMATCH':
      return new WsError(ORDER_ERRORS.positionSideMismatch);
    case 'WOULD_FLIP_POSITION':
      return new WsError(ORDER_ERRORS.reduceOnlyWouldFlip);
    case 'REDUCE_ONLY_NO_POSITION':
      return new WsError(ORDER_ERRORS.nothingToReduce);
    default:
      return invalidArgument(r.reason.toLowerCase().replaceAll('_', ' '));
  }
}

/** Why the order entry refused `market`, told apart on the market itself. */
function marketError(state: State, market: unknown, account: TradingAccount, messages: readonly string[]): WsError {
  const spec: MarketSpec | undefined = typeof market === 'string' ? state.markets.get(market) : undefined;
  if (spec === undefined) {
    return invalidArgument(
      typeof market === 'string' && market !== '' ? 'market does not exist' : `market: ${messages.join(' ')}`,
    );
  }
  if (!spec.tradesEnabled) return new WsError(ORDER_ERRORS.tradingNotAllowed);
  if (account === 'spot') return invalidArgument(`the market is ${spec.type}`);
  return new WsError(ORDER_ERRORS.notMarginMarket);
}

/** Below a minimum amount or total: the order entry's words for it. */
const TOO_SMALL = /less than|no less than/;

/**
 * A refusal of the request validation: a market problem by what the market is, an OTO leg on the
 * wrong side as 105/106, an amount or total below the market's minimum as code 11, any other as
 * code 1 naming every param at fault.
 */
export function fieldErrors(state: State, errors: FieldErrors, market: unknown, account: TradingAccount): WsError {
  const marketMessages = errors.market;
  if (marketMessages !== undefined) return marketError(state, market, account, marketMessages);
  // a leg on the wrong side of the order's price, found by the validation before the engine would
  if (errors.takeProfit?.includes(OTO_WRONG.takeProfit) === true) return new WsError(ORDER_ERRORS.wrongTakeProfit);
  if (errors.stopLoss?.includes(OTO_WRONG.stopLoss) === true) return new WsError(ORDER_ERRORS.wrongStopLoss);
  for (const field of ['amount', 'total']) {
    if (errors[field]?.some((m) => TOO_SMALL.test(m)) === true) {
      return new WsError(ORDER_ERRORS.amountTooSmall, `${field}: ${errors[field]?.join(' ')}`);
    }
  }
  const detail = Object.entries(errors).map(([field, messages]) =>
    // REST's wording names one field where either of two will do (websocket spec §9.4's wording)
    field === 'orderId' && messages.includes(ORDER_ID_REQUIRED)
      ? 'order_id or client_order_id must be set'
      : `${paramOf(field)}: ${messages.join(' ')}`,
  );
  return invalidArgument(detail.join('; '));
}

/** A placement the request validation refused. */
export function invalidError(state: State, invalid: Invalid, market: unknown, account: TradingAccount): WsError {
  if ('errors' in invalid) return fieldErrors(state, invalid.errors, market, account);
  if ('retail' in invalid) return invalidArgument('retail orders are not available');
  return invalidArgument(FLAGS);
}
