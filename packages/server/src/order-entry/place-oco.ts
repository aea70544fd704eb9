import type { OcoPlaced, PlaceOco, Rejection, State } from '@txc/core';
import type { VenueView } from '../venue/venue-view.js';
import { FieldValidation } from '../http/validation/field-validation.js';
import { activationPrice, requireActivationPrice } from '../http/validation/order-fields/activation-price.js';
import { requireAmount, stockAmount } from '../http/validation/order-fields/amount.js';
import { clientOrderIdField } from '../http/validation/order-fields/client-order-id.js';
import { collateralMarket } from '../http/validation/order-fields/market.js';
import { flag } from '../http/validation/order-fields/order-flags.js';
import { limitPrice, requirePrice } from '../http/validation/order-fields/price.js';
import { orderSide, positionSideField } from '../http/validation/order-fields/side.js';
import { stopLimitPrice } from '../http/validation/order-fields/stop-limit-price.js';
import { stpField } from '../http/validation/order-fields/stp.js';
import { orderTotal } from '../http/validation/order-fields/total.js';

/** Where the legs' client ids come from: REST's one `clientOrderId` (the limit leg's), or one per leg (socket). */
export type LegClientIds = 'rest' | 'socket';

/** A leg's client id under its own key, checked as `clientOrderId` is, its errors filed under that key. */
function legClientId(v: FieldValidation, key: string): string {
  const own = new FieldValidation({ clientOrderId: v.body[key] });
  const id = clientOrderIdField(own);
  for (const message of own.errors.clientOrderId ?? []) v.add(key, message.replace('ClientOrderId', key));
  return id;
}

/**
 * An OCO request as a PlaceOco command, with the request-validation failures of the collateral
 * order endpoints (code 30): market, side, amount, `price`, `activation_price`, `stop_limit_price`,
 * each leg's total, the client id(s), `reduceOnly`, `positionSide`, `stp`.
 */
export function parsePlaceOco(
  state: State,
  user: string,
  body: Record<string, unknown>,
  ids: LegClientIds,
): { cmd: PlaceOco } | { errors: Record<string, string[]> } {
  const v = new FieldValidation(body);
  const spec = collateralMarket(v, state);
  const side = orderSide(v);
  const amount = spec === undefined ? requireAmount(v) : stockAmount(v, spec);
  const price = spec === undefined ? requirePrice(v) : limitPrice(v, spec);
  const activation = spec === undefined ? requireActivationPrice(v) : activationPrice(v, spec);
  const stopLimit = stopLimitPrice(v, spec);
  const moneyPrecision = spec === undefined ? 0 : (state.assets.get(spec.money)?.precision ?? 0);
  if (spec !== undefined && amount !== undefined) {
    for (const p of [price, stopLimit]) if (p !== undefined) orderTotal(v, spec, moneyPrecision, amount, p);
  }
  const limitClientOrderId = ids === 'rest' ? clientOrderIdField(v) : legClientId(v, 'limit_client_order_id');
  const stopClientOrderId = ids === 'rest' ? '' : legClientId(v, 'stop_client_order_id');
  const reduceOnly = flag(v, 'reduceOnly', 'ReduceOnly');
  const positionSide = positionSideField(v);
  const stp = stpField(v);
  if (v.failed || spec === undefined || side === undefined || amount === undefined) return { errors: v.errors };
  if (price === undefined || activation === undefined || stopLimit === undefined) return { errors: v.errors };
  return {
    cmd: {
      type: 'PlaceOco',
      user,
      market: spec.name,
      side,
      amount,
      price,
      activationPrice: activation.ticks,
      activationPriceText: activation.text,
      stopLimitPrice: stopLimit,
      limitClientOrderId,
      stopClientOrderId,
      stp,
      reduceOnly,
      ...(positionSide === undefined ? {} : { positionSide }),
    },
  };
}

export type OcoPlacement =
  { readonly placed: OcoPlaced } | { readonly invalid: Record<string, string[]> } | { readonly rejected: Rejection };

/** Places an OCO group, as the REST endpoint and the socket's `collateral_order_oco_place` do; resolves once durable. */
export async function placeOco(
  venue: VenueView,
  user: string,
  body: Record<string, unknown>,
  ids: LegClientIds,
): Promise<OcoPlacement> {
  const parsed = parsePlaceOco(venue.state, user, body, ids);
  if ('errors' in parsed) return { invalid: parsed.errors };
  const { result } = await venue.submit(parsed.cmd);
  return result.ok ? { placed: result.value } : { rejected: result.rejection };
}
