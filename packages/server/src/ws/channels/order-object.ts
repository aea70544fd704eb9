import { postsOnly, type CancelReason, type OrderStatus, type OrderType, type OrderView, type State } from '@txc/core';
import { orderFigures } from '../../account-views/order-figures.js';
import { shownStatus } from '../../account-views/order-status.js';
import { wsSeconds } from '../wire.js';

/** `side` in the account streams (websocket spec §7.1). */
export const SIDE_CODE = { sell: 1, buy: 2 } as const;

/** Order `type` ids (websocket spec §7.1): spot orders, and collateral (margin and futures) ones. */
const SPOT_TYPE: Readonly<Record<OrderType, number>> = {
  limit: 1,
  market: 2,
  'stock market': 202,
  'stop limit': 3,
  'stop market': 4,
};
const COLLATERAL_TYPE: Readonly<Record<OrderType, number>> = {
  limit: 7,
  market: 8,
  'stock market': 8,
  'stop limit': 9,
  'stop market': 10,
};

/** The stream names of the statuses (websocket spec §7.1; docs/decisions.md, "Account streams"). */
const STATUS: Readonly<Record<OrderStatus, string>> = {
  NEW: 'OPEN',
  PARTIALLY_FILLED: 'PARTIALLY_FILLED',
  FILLED: 'FILLED',
  CANCELLED: 'CANCELED',
};

/** The executed-orders filter's types: 1 limit orders, 2 market orders (0: both). */
const LIMIT_TYPES: ReadonlySet<number> = new Set([1, 3, 7, 9]);

export function typeCode(o: Pick<OrderView, 'account' | 'type'>): number {
  return (o.account === 'spot' ? SPOT_TYPE : COLLATERAL_TYPE)[o.type];
}

/** Whether an order of this type passes an `ordersExecuted` filter (0 all, 1 limit, 2 market). */
export function passesFilter(type: number, filter: number): boolean {
  return filter === 0 || (filter === 1) === LIMIT_TYPES.has(type);
}

function isStopType(o: OrderView): boolean {
  return o.type === 'stop limit' || o.type === 'stop market';
}

/**
 * What both order objects (websocket spec §7.1) show alike, in this order: the figures REST answers,
 * then the order's terms and status (a cancel with a reason: the docs' status for it).
 */
function dealtFields(state: State, o: OrderView, reason: CancelReason | null): Record<string, unknown> {
  const f = orderFigures(state, o);
  return {
    price: f.price,
    amount: f.amount,
    left: f.left,
    deal_stock: f.dealStock,
    deal_money: f.dealMoney,
    deal_fee: f.dealFee,
    client_order_id: o.clientOrderId,
    stp: o.stp,
    status: shownStatus(o.status, reason, STATUS[o.status]),
    position_side: o.positionSide,
    rpi: o.rpi,
    reduce_only: o.reduceOnly,
  };
}

/**
 * An order as `ordersPending` shows it (websocket spec §7.1), its figures those REST answers;
 * `mtime` (microseconds) is when it last changed; `reason` why a finished one was cancelled. Stops
 * add their activation fields.
 */
export function pendingOrder(
  state: State,
  o: OrderView,
  mtime: number,
  reason: CancelReason | null = null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: o.id,
    market: o.market,
    type: typeCode(o),
    side: SIDE_CODE[o.side],
    post_only: postsOnly(o),
    ioc: o.ioc,
    ctime: wsSeconds(o.created),
    mtime: wsSeconds(mtime),
    ...dealtFields(state, o, reason),
  };
  if (isStopType(o)) {
    out.activation_price = o.activationPriceText;
    out.activation_condition = o.activationCondition;
    out.activated = o.activated === 0 ? 0 : 1;
  }
  return out;
}

/**
 * A finished order as `ordersExecuted` shows it (websocket spec §7.5): every documented field,
 * always (docs/decisions.md, "Account streams"); `source` is `api`: the engine keeps no origin with an order.
 */
export function executedOrder(state: State, o: OrderView, reason: CancelReason | null): Record<string, unknown> {
  const finished = wsSeconds(o.finished ?? o.created);
  return {
    id: o.id,
    ctime: wsSeconds(o.created),
    ftime: finished,
    mtime: finished,
    market: o.market,
    source: 'api',
    type: typeCode(o),
    side: SIDE_CODE[o.side],
    post_only: postsOnly(o),
    ioc: o.ioc,
    ...dealtFields(state, o, reason),
    fee_asset: state.markets.get(o.market)?.money ?? '',
  };
}
