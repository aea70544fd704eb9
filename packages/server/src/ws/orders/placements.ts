import type { OrderType, OrderView, TradingAccount } from '@txc/core';
import { placeOrder } from '../../order-entry/place-order.js';
import type { StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { invalidError, rejectionError } from './order-errors.js';
import { entryBody, required, type OrderParams } from './order-params.js';

/** What a placement method places, and the params it takes (websocket spec §9.2). */
export interface PlacementTerms {
  readonly type: OrderType;
  readonly account: TradingAccount;
  readonly params: readonly string[];
  /** Params without which the order entry would read another order (a `bbo_role` order without it is a plain limit). */
  readonly requires?: readonly string[];
}

const BASE = ['market', 'side', 'amount', 'client_order_id', 'stp'];
const POSITION = ['reduce_only', 'position_side'];

/** The placement methods the engine has orders for (docs/decisions.md, "WebSocket order methods"). */
export const PLACEMENTS: Readonly<Record<string, PlacementTerms>> = {
  order_limit_place: { type: 'limit', account: 'spot', params: [...BASE, 'price', 'post_only', 'ioc', 'rpi'] },
  order_market_place: { type: 'market', account: 'spot', params: BASE },
  order_market_stock_place: { type: 'stock market', account: 'spot', params: BASE },
  order_stop_limit_place: { type: 'stop limit', account: 'spot', params: [...BASE, 'activation_price', 'price'] },
  order_stop_market_place: { type: 'stop market', account: 'spot', params: [...BASE, 'activation_price'] },
  order_bbo_place: {
    type: 'limit',
    account: 'spot',
    params: [...BASE, 'bbo_role', 'ioc', 'post_only'],
    requires: ['bbo_role'],
  },
  collateral_order_limit_place: {
    type: 'limit',
    account: 'collateral',
    params: [...BASE, ...POSITION, 'price', 'post_only', 'ioc', 'rpi'],
  },
  collateral_order_market_place: { type: 'stock market', account: 'collateral', params: [...BASE, ...POSITION] },
  collateral_order_stop_limit_place: {
    type: 'stop limit',
    account: 'collateral',
    params: [...BASE, ...POSITION, 'activation_price', 'price'],
  },
  collateral_order_stop_market_place: {
    type: 'stop market',
    account: 'collateral',
    params: [...BASE, ...POSITION, 'activation_price'],
  },
  collateral_order_bbo_place: {
    type: 'limit',
    account: 'collateral',
    params: [...BASE, ...POSITION, 'bbo_role', 'ioc'],
    requires: ['bbo_role'],
  },
};

/** The user an order method acts for. */
export function userOf(conn: WsConnection): string {
  // the hub runs private methods on authorized connections only
  return conn.auth?.user ?? '';
}

/**
 * Places one order with `terms` from `p` (plus `extra` fields of the order entry) the way the REST
 * endpoints do: the order once its command is durable, or the refusal in the order methods' codes
 * (thrown).
 */
export async function place(
  ctx: StreamContext,
  conn: WsConnection,
  p: OrderParams,
  terms: PlacementTerms,
  extra: Readonly<Record<string, unknown>> = {},
): Promise<OrderView> {
  for (const name of terms.requires ?? []) required(p, name);
  const { venue } = ctx;
  const body = { ...entryBody(p, terms.params), ...extra };
  const placed = await placeOrder(venue, userOf(conn), body, terms.type, terms.account);
  if ('invalid' in placed) throw invalidError(venue.state, placed.invalid, p.market, terms.account);
  if ('rejected' in placed) throw rejectionError(placed.rejected, terms.account);
  return placed.order;
}
