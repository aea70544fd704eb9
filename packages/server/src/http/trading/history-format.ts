import { postsOnly, type CancelReason, type OrderView, type State } from '@txc/core';
import { dealFigures } from '../../account-views/deal-figures.js';
import { orderFigures, seconds } from '../../account-views/order-figures.js';
import { shownStatus } from '../../account-views/order-status.js';
import type { DealsTable } from '../../store/database.js';
import { orderFeeRates, orderTypeName, otoBlock } from './order-body.js';

/** The history writes a stop's activation condition as an operator (reference §5.5). */
const CONDITION_OPERATOR = { gte: '>=', lte: '<=' } as const;

/**
 * When a stop triggered, in seconds as `ctime` and `ftime` (reference §5.8); 0 when it never did. A
 * record written before the time was kept (activated 1) shows its finishing time, when the stop ran
 * at the latest.
 */
function activatedTime(o: OrderView): number {
  if (o.activated === 0) return 0;
  return seconds(o.activated === 1 ? (o.finished ?? o.created) : o.activated);
}

/**
 * A finished order as `trade-account/order/history` lists it (reference §5.8): a cancel with a
 * reason shows the reference's status for it, others the spec's `CANCELLED`.
 */
export function historyOrder(state: State, o: OrderView, reason: CancelReason | null): Record<string, unknown> {
  const f = orderFigures(state, o);
  const out: Record<string, unknown> = {
    amount: f.amount,
    price: f.price,
    type: orderTypeName(o),
    id: o.id,
    clientOrderId: o.clientOrderId,
    side: o.side,
    ctime: seconds(o.created),
    ftime: seconds(o.finished ?? o.created),
    dealFee: f.dealFee,
    dealStock: f.dealStock,
    dealMoney: f.dealMoney,
    ...orderFeeRates(state, o),
    postOnly: postsOnly(o),
    ioc: o.ioc,
    status: shownStatus(o.status, reason, o.status),
    stp: o.stp,
    feeAsset: state.markets.get(o.market)?.money ?? '',
    positionSide: o.positionSide,
    rpi: o.rpi,
    reduceOnly: o.reduceOnly,
  };
  if (o.type === 'stop market' || o.type === 'stop limit') {
    out.activated = activatedTime(o);
    out.activationPrice = o.activationPriceText;
    out.activationCondition = o.activationCondition === null ? null : CONDITION_OPERATOR[o.activationCondition];
  }
  const oto = otoBlock(o);
  if (oto !== undefined) out.oto = oto;
  return out;
}

/** One side of a trade as `trade-account/executed-history` lists it. */
export function executedDeal(state: State, row: DealsTable): Record<string, unknown> {
  const f = dealFigures(state, row);
  return {
    id: Number(row.trade_id),
    clientOrderId: row.client_order_id,
    time: seconds(Number(row.time)),
    side: row.side,
    role: Number(row.role),
    amount: f.amount,
    price: f.price,
    deal: f.deal,
    fee: f.fee,
    orderId: Number(row.order_id),
    feeAsset: f.feeAsset,
  };
}

/** Groups rendered items by market, keeping their order. */
export function byMarket<T>(rows: readonly { market: string }[], render: (i: number) => T): Record<string, T[]> {
  const out: Record<string, T[]> = {};
  rows.forEach((r, i) => (out[r.market] ??= []).push(render(i)));
  return out;
}
