import { formatUnits, type MarketSpec } from '@txc/core';
import type { FieldValidation } from '../field-validation.js';
import { rescale } from './decimal-field.js';

/** amount × price against the market's minimum and maximum total (money minor units), filed as `total`. */
export function orderTotal(
  v: FieldValidation,
  spec: MarketSpec,
  moneyPrecision: number,
  lots: number,
  ticks: number,
): void {
  const exact = BigInt(lots) * BigInt(ticks);
  const scale = spec.stockPrec + spec.moneyPrec;
  // compare exactly: total in units of 10^-scale against limits in units of 10^-moneyPrecision
  if (exact < rescale(spec.minTotal, moneyPrecision, scale)) {
    v.add('total', `Total (amount * price) is less than ${formatUnits(spec.minTotal, moneyPrecision)}`);
  } else if (spec.maxTotal > 0n && exact > rescale(spec.maxTotal, moneyPrecision, scale)) {
    v.add('total', `Total (amount * price) is greater than ${formatUnits(spec.maxTotal, moneyPrecision)}`);
  }
}
