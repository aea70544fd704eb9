import type { OcoGroup, OrderView, State } from '@txc/core';
import { orderFigures, seconds } from '../../account-views/order-figures.js';
import { orderFeeRates } from './order-body.js';

/** A leg's status as the OCO surfaces spell it: `OPEN` while it waits, `CANCELED` with one L. */
function legStatus(o: OrderView): string {
  if (o.status === 'NEW') return 'OPEN';
  return o.status === 'CANCELLED' ? 'CANCELED' : o.status;
}

/** How a surface names a leg's fields: snake_case (`oco-orders`, `oco-cancel`, placement) or camelCase. */
export type LegSpelling = 'snake' | 'camel';

/**
 * One leg of an OCO group (exchange docs `OcoOrderLeg` / `ConditionalOrderLeg`): the listings name
 * types `margin limit` / `margin stop limit` and show `positionSide` on perpetuals only; placement
 * (`placed`) answers `limit` / `stop limit`, always with `positionSide`, and the fee ratios.
 */
export function ocoLegBody(state: State, o: OrderView, spelling: LegSpelling, placed = false): Record<string, unknown> {
  const f = orderFigures(state, o);
  const stop = o.type === 'stop limit';
  const snake = spelling === 'snake';
  const perpetual = state.markets.get(o.market)?.type === 'futures';
  const body: Record<string, unknown> = {
    orderId: o.id,
    clientOrderId: o.clientOrderId,
    market: o.market,
    side: o.side,
    type: placed ? o.type : `margin ${o.type}`,
    timestamp: seconds(o.created),
    dealMoney: f.dealMoney,
    dealStock: f.dealStock,
    amount: f.amount,
    left: f.left,
    dealFee: f.dealFee,
    ...(placed ? orderFeeRates(state, o) : {}),
    [snake ? 'post_only' : 'postOnly']: o.postOnly,
    status: legStatus(o),
    stp: o.stp,
    ...(placed || perpetual ? { positionSide: o.positionSide } : {}),
    reduceOnly: o.reduceOnly,
    mtime: seconds(o.finished ?? (o.activated > 1 ? o.activated : o.created)),
    price: f.price,
  };
  if (stop) {
    body[snake ? 'activation_price' : 'activationPrice'] = o.activationPriceText;
    body[snake ? 'activation_condition' : 'activationCondition'] = o.activationCondition;
    body.activated = o.activated === 0 ? 0 : 1;
  }
  return body;
}

/** A live group's legs, as they stand now. */
export function groupLegs(state: State, group: OcoGroup): { stop: OrderView; limit: OrderView } | undefined {
  const stop = state.trading.orders.get(group.stopId);
  const limit = state.trading.orders.get(group.limitId);
  return stop === undefined || limit === undefined ? undefined : { stop, limit };
}
