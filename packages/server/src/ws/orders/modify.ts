import type { Rejection } from '@txc/core';
import { modifyOrder } from '../../order-entry/modify-order.js';
import type { StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { invalidArgument, WsError, type WsErrorBody } from '../protocol.js';
import { fieldErrors, rejectionError } from './order-errors.js';
import { entryBody, required, type OrderParams } from './order-params.js';
import { arrivalCancelReason, orderResult } from './order-result.js';
import { userOf } from './placements.js';

/** The codes of a refused modification (websocket spec §9.4: 155, 158, 162–164). */
const MODIFY_ERRORS = {
  notModifiable: { code: 155, message: 'cannot modify conditional order' },
  activationOnLimit: { code: 158, message: 'activation price cannot be set for a limit order' },
  wrongTotal: { code: 162, message: 'total cannot be specified for this order type' },
  wrongAmount: { code: 163, message: 'amount cannot be specified for this order type' },
  wrongPrice: { code: 164, message: 'price cannot be specified for a stop market order' },
} as const satisfies Record<string, WsErrorBody>;

function modifyError(r: Rejection): WsError {
  switch (r.reason) {
    case 'ORDER_NOT_MODIFIABLE':
      return new WsError(MODIFY_ERRORS.notModifiable);
    case 'MODIFY_ACTIVATION_NOT_ALLOWED':
      return new WsError(MODIFY_ERRORS.activationOnLimit);
    case 'MODIFY_TOTAL_NOT_ALLOWED':
      return new WsError(MODIFY_ERRORS.wrongTotal);
    case 'MODIFY_AMOUNT_NOT_ALLOWED':
      return new WsError(MODIFY_ERRORS.wrongAmount);
    case 'MODIFY_PRICE_NOT_ALLOWED':
      return new WsError(MODIFY_ERRORS.wrongPrice);
    default:
      return rejectionError(r, 'spot');
  }
}

/**
 * `order_modify` (websocket spec §9.2): `market`, `order_id` or `client_order_id` (the client's id
 * winning when both are given, as `order_cancel`), and at least one of `amount`, `total`, `price`,
 * `activation_price`; the order entry of `order/modify` replaces the order, and the answer is the
 * replacement, with its new id.
 */
export async function modify(ctx: StreamContext, conn: WsConnection, p: OrderParams): Promise<unknown> {
  required(p, 'market');
  const byClientId = typeof p.client_order_id === 'string' && p.client_order_id !== '';
  if (!byClientId && (p.order_id === undefined || p.order_id === null)) {
    throw invalidArgument('order_id or client_order_id must be set for modify');
  }
  const id = byClientId ? 'client_order_id' : 'order_id';
  const body = entryBody(p, ['market', id, 'amount', 'total', 'price', 'activation_price']);
  const { venue } = ctx;
  const modified = await modifyOrder(venue, userOf(conn), body);
  if ('invalid' in modified) throw fieldErrors(venue.state, modified.invalid, p.market, 'spot');
  if ('rejected' in modified) throw modifyError(modified.rejected);
  // the replacement may be cancelled on arrival (self-trade prevention): its push names why
  const reason = await arrivalCancelReason(venue, userOf(conn), modified.order);
  return orderResult(venue.state, modified.order, reason);
}
