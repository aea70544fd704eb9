import type { MarketSpec, OrderType, PlaceOrder } from '@txc/core';
import type { FieldValidation } from '../http/validation/field-validation.js';
import { flag } from '../http/validation/order-fields/order-flags.js';
import { otoPrices } from '../http/validation/order-fields/oto-prices.js';
import { positionSideField } from '../http/validation/order-fields/side.js';

export type CollateralExtras = Pick<PlaceOrder, 'positionSide' | 'reduceOnly' | 'rpi' | 'stopLoss' | 'takeProfit'>;

/**
 * The fields collateral orders add (reference §6.1): `positionSide`, `reduceOnly`, the `rpi` flag
 * read with the order's other flags, and `stopLoss` / `takeProfit` (see otoPrices for their rules).
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
  return {
    reduceOnly,
    rpi,
    ...(positionSide === undefined ? {} : { positionSide }),
    ...otoPrices(v, spec, side, type, reference, reduceOnly),
  };
}
