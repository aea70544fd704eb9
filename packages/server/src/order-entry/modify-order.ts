import {
  clientIdKey,
  type ModifyOrder,
  type OrderView,
  type Rejection,
  type State,
  type TriggerPrice,
} from '@txc/core';
import type { FieldErrors } from '@txc/sdk';
import { FieldValidation } from '../http/validation/field-validation.js';
import { activationPrice } from '../http/validation/order-fields/activation-price.js';
import { clientOrderIdField } from '../http/validation/order-fields/client-order-id.js';
import { hasOrderId, ORDER_ID_REQUIRED, orderIdField } from '../http/validation/order-fields/order-id.js';
import { limitPrice } from '../http/validation/order-fields/price.js';
import { orderTotal } from '../http/validation/order-fields/total.js';
import { moneyAmount, stockAmount } from '../http/validation/order-fields/amount.js';
import { tradingMarket } from '../http/validation/order-fields/market.js';
import type { VenueView } from '../venue/venue-view.js';
import { tradingRejection, type CatalogueAnswer } from './trading-rejection.js';

/** What a modification came to: the new order, or why it was refused (the old order then stays). */
export type Modified =
  { readonly order: OrderView } | { readonly invalid: FieldErrors } | { readonly rejected: Rejection };

const FIGURES = ['amount', 'total', 'price', 'activationPrice', 'activation_price'] as const;

/** `total` read as a money amount is read (steps, minimum), its problems filed under `total` and named so. */
function totalOf(v: FieldValidation, body: Record<string, unknown>, state: State, market: string): number | undefined {
  const spec = state.markets.get(market);
  if (spec === undefined) return undefined;
  const inner = new FieldValidation({ amount: body.total });
  const units = moneyAmount(inner, spec, state.assets.get(spec.money)?.precision ?? 0);
  // the money amount's words, naming the field they are filed under
  for (const message of inner.errors.amount ?? []) {
    v.add('total', message.replace(/^Amount\b/, 'Total').replace(/^The amount field/, 'The total field'));
  }
  return units;
}

/**
 * The figures a modification gives, each read as a new order's is. The total of a priced order
 * (amount × price, either new or the order's own), and of a stop-market of stock at its activation
 * price, as when placed, is held to the market's limits, against the order as it stands in the state
 * the command is applied to next.
 */
function figures(v: FieldValidation, body: Record<string, unknown>, state: State, cmd: ModifyOrder): ModifyOrder {
  const spec = state.markets.get(cmd.market);
  if (spec === undefined) return cmd;
  const given = (field: string): boolean => body[field] !== undefined && body[field] !== null;
  const amount = given('amount') ? stockAmount(v, spec) : undefined;
  const total = given('total') ? totalOf(v, body, state, cmd.market) : undefined;
  const price = given('price') ? limitPrice(v, spec) : undefined;
  const activation: TriggerPrice | undefined =
    given('activationPrice') || given('activation_price') ? activationPrice(v, spec) : undefined;
  if (given('amount') && given('total')) v.add('total', 'Only one of amount and total may be given.');
  if (!FIGURES.some(given)) v.add('amount', 'One of amount, total, price and activationPrice is required.');
  const t = state.trading;
  const id =
    cmd.orderId ??
    (cmd.clientOrderId === undefined
      ? undefined
      : t.byClientId.get(clientIdKey(cmd.user, cmd.market, cmd.clientOrderId)));
  const order = id === undefined ? undefined : t.orders.get(id);
  // an order of another market is not found on this one: the engine says so (code 2), whatever the figures
  if (order !== undefined && order.user === cmd.user && order.market === cmd.market && !order.byMoney && !v.failed) {
    const precision = state.assets.get(spec.money)?.precision ?? 0;
    if (order.price > 0) orderTotal(v, spec, precision, amount ?? order.left, price ?? order.price);
    else if (order.type === 'stop market') {
      orderTotal(v, spec, precision, amount ?? order.left, activation?.ticks ?? order.options.activationPrice);
    }
  }
  return {
    ...cmd,
    ...(amount === undefined ? {} : { amount }),
    ...(total === undefined ? {} : { total }),
    ...(price === undefined ? {} : { price }),
    ...(activation === undefined ? {} : { activationPrice: activation }),
  };
}

/**
 * Modifies one open spot order (reference §5.9), as every transport does: `market`, exactly one of
 * `orderId` / `clientOrderId`, and the figures to change; one ModifyOrder command, so the old order
 * is either replaced or left as it was. Resolves once durable.
 */
export async function modifyOrder(venue: VenueView, user: string, body: Record<string, unknown>): Promise<Modified> {
  const v = new FieldValidation(body);
  const spec = tradingMarket(v, venue.state);
  const orderId = orderIdField(v);
  const clientOrderId = clientOrderIdField(v);
  const hasId = hasOrderId(v);
  const hasClientId = clientOrderId !== '';
  if (!hasId && !hasClientId) v.add('orderId', ORDER_ID_REQUIRED);
  if (hasId && hasClientId) v.add('orderId', 'Only one of orderId and clientOrderId may be given.');
  if (spec === undefined) return { invalid: v.errors };
  const ids = orderId !== undefined ? { orderId } : { clientOrderId };
  const cmd = figures(v, body, venue.state, { type: 'ModifyOrder', user, market: spec.name, ...ids });
  if (v.failed) return { invalid: v.errors };
  const { result } = await venue.submit(cmd);
  return result.ok ? { order: result.value } : { rejected: result.rejection };
}

/** A refused modification in the reference's code, status and words (§5.9–5.10). */
export function modifyRejection(r: Rejection): CatalogueAnswer {
  switch (r.reason) {
    case 'NOT_ENOUGH_BALANCE':
      return { name: 'modifyNotEnoughBalance' };
    case 'POST_ONLY_WOULD_TAKE':
      return { name: 'modifyPostOnlyWouldTake' };
    case 'STOP_AT_LAST_PRICE':
      return { name: 'modifyAtLastPrice' };
    case 'ORDER_NOT_MODIFIABLE':
      return { name: 'orderNotModifiable' };
    case 'MODIFY_ACTIVATION_NOT_ALLOWED':
      return { name: 'modifyActivationNotAllowed' };
    case 'MODIFY_PRICE_NOT_ALLOWED':
      return { name: 'modifyPriceNotAllowed' };
    case 'MODIFY_TOTAL_NOT_ALLOWED':
      return { name: 'modifyTotalNotAllowed' };
    case 'MODIFY_AMOUNT_NOT_ALLOWED':
      return { name: 'modifyAmountNotAllowed' };
    default:
      return tradingRejection(r);
  }
}
