import type { MarketSpec, OrderType, PlaceOrder, Side } from '@txc/core';
import type { FieldValidation } from '../field-validation.js';
import { triggerPrice } from './price.js';

/** A stop-loss or take-profit on the wrong side of the order's price. */
export const OTO_WRONG = {
  stopLoss: 'Wrong activation price for stop loss.',
  takeProfit: 'Wrong activation price for take profit.',
} as const;

export type OtoPrices = Pick<PlaceOrder, 'stopLoss' | 'takeProfit'>;

/**
 * `stopLoss` / `takeProfit` of a collateral order (reference §6.1): they must lie on either side of
 * the order's price (`reference`: the limit, or a trigger-market's activation price) — buy:
 * stopLoss < price < takeProfit, sell the reverse — and cannot come with reduceOnly or on a market
 * order.
 */
export function otoPrices(
  v: FieldValidation,
  spec: MarketSpec | undefined,
  side: Side | undefined,
  type: OrderType,
  reference: number,
  reduceOnly: boolean,
): OtoPrices {
  // an empty leg is given too: refused below, never taken for an order without that leg
  if (!v.sent('stopLoss') && !v.sent('takeProfit')) return {};
  if (type === 'stock market') {
    v.add('stopLoss', 'Stop loss and take profit are not available for market orders.');
    return {};
  }
  if (reduceOnly) {
    v.add('reduceOnly', 'Reduce-only orders cannot have stopLoss or takeProfit.');
    return {};
  }
  if (spec === undefined) return {};
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
    ...(stopLoss === undefined ? {} : { stopLoss }),
    ...(takeProfit === undefined ? {} : { takeProfit }),
  };
}
