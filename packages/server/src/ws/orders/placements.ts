import type { OrderType, OrderView, TradingAccount } from '@txc/core';
import {
  collateralLimit,
  collateralMarket,
  collateralStopLimit,
  collateralTriggerMarket,
  orderMarket,
  orderNew,
  orderStockMarket,
  orderStopLimit,
  orderStopMarket,
  orderModify,
  collateralOco,
  type PrivateEndpoint,
} from '@txc/sdk';
import { placeOrder } from '../../order-entry/place-order.js';
import type { StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { invalidError, ORDER_ERRORS, rejectionError } from './order-errors.js';
import { invalidArgument, WsError } from '../protocol.js';
import { entryBody, required, type OrderParams } from './order-params.js';

/** What a placement method places, and the params it takes (websocket spec §9.2). */
export interface PlacementTerms {
  readonly type: OrderType;
  readonly account: TradingAccount;
  readonly params: readonly string[];
  /** The REST endpoint that places the same order: a key must be allowed to call it. */
  readonly endpoint: PrivateEndpoint;
  /** Params without which the order entry would read another order (a `bbo_role` order without it is a plain limit). */
  readonly requires?: readonly string[];
}

const BASE = ['market', 'side', 'amount', 'client_order_id', 'stp'];
const POSITION = ['reduce_only', 'position_side'];

/** The placement methods the engine has orders for (docs/decisions.md, "WebSocket order methods"). */
export const PLACEMENTS: Readonly<Record<string, PlacementTerms>> = {
  order_limit_place: {
    type: 'limit',
    account: 'spot',
    endpoint: orderNew,
    params: [...BASE, 'price', 'post_only', 'ioc', 'rpi'],
  },
  order_market_place: { type: 'market', account: 'spot', endpoint: orderMarket, params: BASE },
  order_market_stock_place: { type: 'stock market', account: 'spot', endpoint: orderStockMarket, params: BASE },
  order_stop_limit_place: {
    type: 'stop limit',
    account: 'spot',
    endpoint: orderStopLimit,
    params: [...BASE, 'activation_price', 'price'],
  },
  order_stop_market_place: {
    type: 'stop market',
    account: 'spot',
    endpoint: orderStopMarket,
    params: [...BASE, 'activation_price'],
  },
  order_bbo_place: {
    type: 'limit',
    account: 'spot',
    endpoint: orderNew,
    params: [...BASE, 'bbo_role', 'ioc', 'post_only'],
    requires: ['bbo_role'],
  },
  collateral_order_limit_place: {
    type: 'limit',
    account: 'collateral',
    endpoint: collateralLimit,
    params: [...BASE, ...POSITION, 'price', 'post_only', 'ioc', 'rpi'],
  },
  collateral_order_market_place: {
    type: 'stock market',
    account: 'collateral',
    endpoint: collateralMarket,
    params: [...BASE, ...POSITION],
  },
  collateral_order_stop_limit_place: {
    type: 'stop limit',
    account: 'collateral',
    endpoint: collateralStopLimit,
    params: [...BASE, ...POSITION, 'activation_price', 'price'],
  },
  collateral_order_stop_market_place: {
    type: 'stop market',
    account: 'collateral',
    endpoint: collateralTriggerMarket,
    params: [...BASE, ...POSITION, 'activation_price'],
  },
  collateral_order_bbo_place: {
    type: 'limit',
    account: 'collateral',
    endpoint: collateralLimit,
    params: [...BASE, ...POSITION, 'bbo_role', 'ioc'],
    requires: ['bbo_role'],
  },
};

/** The endpoints that place orders (a modification places its replacement): over the allowance, 10001. */
const PLACING: ReadonlySet<PrivateEndpoint> = new Set([
  ...Object.values(PLACEMENTS).map((t) => t.endpoint),
  collateralOco,
  orderModify,
]);

/** REST's OTO exits, which a placement method does not take: `collateral_order_oto_place` places them. */
const EXITS_ELSEWHERE = ['take_profit', 'stop_loss', 'takeProfit', 'stopLoss'];

/** The user an order method acts for. */
export function userOf(conn: WsConnection): string {
  // the hub runs private methods on authorized connections only
  return conn.auth?.user ?? '';
}

/**
 * Admits an order method as the REST endpoint it stands for admits a request of the connection's key:
 * refused (601) where the key may not call it (its permissions, a sub-account key's endpoint settings
 * as they are now), and (10001 for a placement, 10000 otherwise) once the key's allowance of the
 * endpoint's rate-limit group is spent, REST's requests and the sockets' counted together.
 */
export async function admitAs(ctx: StreamContext, conn: WsConnection, endpoint: PrivateEndpoint): Promise<void> {
  const apiKey = conn.auth?.apiKey ?? '';
  if (!ctx.venue.websocketTokens.allowsCall(apiKey, endpoint)) {
    throw new WsError(ORDER_ERRORS.keyRestricted, `this API key may not call ${endpoint.path}`);
  }
  if (ctx.keyAllowance === undefined || (await ctx.keyAllowance(apiKey, endpoint))) return;
  throw new WsError(
    PLACING.has(endpoint) ? ORDER_ERRORS.tooManyNewOrders : ORDER_ERRORS.tooManyRequests,
    endpoint.path,
  );
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
  await admitAs(ctx, conn, terms.endpoint);
  for (const name of terms.requires ?? []) required(p, name);
  for (const name of EXITS_ELSEWHERE) {
    // ignored like other params no method documents, they would leave a position unguarded unnoticed
    if (p[name] !== undefined)
      throw invalidArgument(
        `${name}: exits are no order's params; collateral_order_oto_place takes them beside trigger_order`,
      );
  }
  const { venue } = ctx;
  const body = { ...entryBody(p, terms.params), ...extra };
  const placed = await placeOrder(venue, userOf(conn), body, terms.type, terms.account);
  if ('invalid' in placed) throw invalidError(venue.state, placed.invalid, p.market, terms.account);
  if ('rejected' in placed) throw rejectionError(placed.rejected, terms.account);
  return placed.order;
}
