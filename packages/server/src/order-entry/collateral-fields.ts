import type { MarketSpec, OrderType, PlaceOrder } from '@txc/core';
import { OTO_WRONG } from './trading-rejection.js';
import type { FieldValidation } from '../http/validation/field-validation.js';
import { flag } from '../http/validation/order-fields/order-flags.js';
import { triggerPrice } from '../http/validation/order-fields/price.js';
import { positionSideField } from '../http/validation/order-fields/side.js';

export type CollateralExtras = Pick<PlaceOrder, 'positionSide' | 'reduceOnly' | 'rpi' | 'stopLoss' | 'takeProfit'>;

/**
 * The fields collateral orders add (reference §6.1): `positionSide`, `reduceOnly`, the `rpi` flag
 * read with the order's other flags, and `stopLoss` / `takeProfit`, which must lie on either side of
 * the order's price (`reference`: the limit, or a trigger-market's activation price) — buy:
 * stopLoss < price < takeProfit, sell the reverse — and cannot come with reduceOnly or on a
 * market order.
 */
export function collateralFields(
  v: FieldValidation,
  spec: MarketSpec | undefined,
  side: 'buy' | 'sell' | undefined,
  type: OrderType,
  reference: number,
  rpi: boolean,
): CollateralExtras {
  const positionSide = positionSideField(v);
  const reduceOnly = flag(v, 'reduceOnly', 'ReduceOnly');
  const out: CollateralExtras = { reduceOnly, rpi, ...(positionSide === undefined ? {} : { positionSide }) };
  // an empty leg is given too: refused below, never taken for an order without that leg
  if (!v.sent('stopLoss') && !v.sent('takeProfit')) return out;
  if (type === 'stock market') {
    v.add('stopLoss', 'Stop loss and take profit are not available for market orders.');
    return out;
  }
  if (reduceOnly) {
    v.add('reduceOnly', 'Reduce-only orders cannot have stopLoss or takeProfit.');
    return out;
  }
  if (spec === undefined) return out;
  const stopLoss = triggerPrice(v, 'stopLoss', spec);
  const takeProfit = triggerPrice(v, 'takeProfit', spec);
  if (side !== undefined && reference > 0) {
    const buy = side === 'buy';
    if (stopLoss !== undefined && (buy ? stopLoss.ticks >= reference : stopLoss.ticks <= reference)) {
      v.add('stopLoss', OTO_WRONG.stopLoss);
    }
    if (takeProfit !== undefined && (buy ? takeProfit.ticks <= reference : takeProfit.ticks >= reference)) {
      v.add('takeProfit', OTO_WRONG.takeProfit);
    }
  }
  return {
    ...out,
    ...(stopLoss === undefined ? {} : { stopLoss }),
    ...(takeProfit === undefined ? {} : { takeProfit }),
  };
}
