import { cancelAllOrders } from '../../order-entry/cancel-all.js';
import { cancelOrder } from '../../order-entry/cancel-order.js';
import { cancelConditionalGroup } from '../../order-entry/cancel-conditional.js';
import type { StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { invalidArgument } from '../protocol.js';
import { fieldErrors, rejectionError } from './order-errors.js';
import { entryBody, required, type OrderParams } from './order-params.js';
import { ocoResult, orderResult, otoCancelResult } from './order-result.js';
import { userOf } from './placements.js';

/** `order_cancel`: `order_id` or `client_order_id`, the client's id winning when both are given (§9.2). */
export async function cancel(ctx: StreamContext, conn: WsConnection, p: OrderParams): Promise<unknown> {
  const byClientId = typeof p.client_order_id === 'string' && p.client_order_id !== '';
  const body = entryBody(p, ['market', byClientId ? 'client_order_id' : 'order_id']);
  const { venue } = ctx;
  const cancelled = await cancelOrder(venue, userOf(conn), body);
  if ('invalid' in cancelled) throw fieldErrors(venue.state, cancelled.invalid, p.market, 'spot');
  if ('rejected' in cancelled) throw rejectionError(cancelled.rejected, 'spot');
  return orderResult(venue.state, cancelled.value);
}

/** `order_cancel_conditional`: the OCO or OTO group `order_id` of `market`, with every leg still live. */
export async function cancelConditional(ctx: StreamContext, conn: WsConnection, p: OrderParams): Promise<unknown> {
  required(p, 'order_id');
  const { venue } = ctx;
  const cancelled = await cancelConditionalGroup(venue, userOf(conn), { market: p.market, id: p.order_id });
  if ('invalid' in cancelled) {
    const { id, ...others } = cancelled.invalid;
    const errors = id === undefined ? others : { ...others, orderId: id };
    throw fieldErrors(venue.state, errors, p.market, 'collateral');
  }
  if ('rejected' in cancelled) throw rejectionError(cancelled.rejected, 'collateral');
  const { value } = cancelled;
  return value.type === 'oco' ? ocoResult(venue.state, value.group) : otoCancelResult(venue.state, value.group);
}

/** `order_cancel_all`: `market` and a non-empty list of order kinds, each named once (§9.2); answers `{}`. */
export async function cancelAll(ctx: StreamContext, conn: WsConnection, p: OrderParams): Promise<unknown> {
  required(p, 'market');
  const kinds = p.type;
  if (!Array.isArray(kinds) || kinds.length === 0 || new Set(kinds).size !== kinds.length) {
    throw invalidArgument('type: invalid or duplicate order type');
  }
  const { venue } = ctx;
  const cancelled = await cancelAllOrders(venue, userOf(conn), { market: p.market, type: kinds });
  if ('invalid' in cancelled) throw fieldErrors(venue.state, cancelled.invalid, p.market, 'spot');
  if ('rejected' in cancelled) throw rejectionError(cancelled.rejected, 'spot');
  return {};
}
