import type { MarketSpec, OrderType, PlaceOrder } from '@txc/core';
import type { OrderValidation } from '../http/validation/order-validation.js';
import { OTO_WRONG } from './trading-rejection.js';

type CollateralExtras = Pick<PlaceOrder, 'positionSide' | 'reduceOnly' | 'rpi' | 'stopLoss' | 'takeProfit'>;

/**
 * The fields collateral orders add (reference §6.1): `positionSide`, `reduceOnly`, the `rpi` flag
 * read with the order's other flags, and `stopLoss` / `takeProfit`, which must lie on either side of
 * the order's price (`reference`: the limit, or a trigger-market's activation price) — buy:
 * stopLoss < price < takeProfit, sell the reverse — and cannot come with reduceOnly or on a
 * market order.
 */
export function collateralFields(
  v: OrderValidation,
  spec: MarketSpec | undefined,
  side: 'buy' | 'sell' | undefined,
  type: OrderType,
  reference: number,
  rpi: boolean,
): CollateralExtras {
  const positionSide = v.positionSide();
  const reduceOnly = v.flag('reduceOnly', 'ReduceOnly');
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
  const stopLoss = v.triggerPrice('stopLoss', spec);
  const takeProfit = v.triggerPrice('takeProfit', spec);
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
