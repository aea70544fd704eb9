import { postsOnly, type OrderView, type State } from '@txc/core';
import { withAliases } from '@txc/sdk';
import { orderFigures, seconds } from '../../account-views/order-figures.js';

/**
 * An order's `type` as the API names it. Collateral orders keep the spot names but for a market
 * order (`market`: its amount is always stock) and a stop-limit (`margin stop limit`), as the
 * reference shows them (§6.1).
 */
export function orderTypeName(o: Pick<OrderView, 'account' | 'type'>): string {
  if (o.account === 'spot') return o.type;
  if (o.type === 'stock market') return 'market';
  if (o.type === 'stop limit') return 'margin stop limit';
  return o.type;
}

/** The `oto` block of an OTO parent: its group and only the legs given. */
export function otoBlock(o: OrderView): Record<string, unknown> | undefined {
  // orders stored before OTO groups existed carry no link at all
  const link = o.oto as OrderView['oto'] | undefined;
  if (link === undefined || link === null || link.role !== 'parent') return undefined;
  return {
    otoId: link.id,
    ...(link.stopLoss === null ? {} : { stopLoss: link.stopLoss.text }),
    ...(link.takeProfit === null ? {} : { takeProfit: link.takeProfit.text }),
  };
}

/** Spec §2.2 Order (reference §5.1) with the wire aliases; stops add their activation fields. */
export function orderBody(state: State, o: OrderView): Record<string, unknown> {
  const f = orderFigures(state, o);
  const body: Record<string, unknown> = {
    order_id: o.id,
    client_order_id: o.clientOrderId,
    market: o.market,
    side: o.side,
    type: orderTypeName(o),
    timestamp: seconds(o.created),
    deal_money: f.dealMoney,
    deal_stock: f.dealStock,
    amount: f.amount,
    left: f.left,
    deal_fee: f.dealFee,
    price: f.price,
    postOnly: postsOnly(o),
    ioc: o.ioc,
    status: o.status,
    stp: o.stp,
    positionSide: o.positionSide,
    rpi: o.rpi,
  };
  if (o.type === 'stop market' || o.type === 'stop limit') {
    body.activated = o.activated === 0 ? 0 : 1;
    body.activationCondition = o.activationCondition;
    body.activation_price = o.activationPriceText;
  }
  if (o.account === 'collateral') {
    body.reduceOnly = o.reduceOnly;
    const oto = otoBlock(o);
    if (oto !== undefined) body.oto = oto;
  }
  return withAliases(body);
}
