import type { MarketSpec } from '@txc/core';
import type { FieldValidation } from '../field-validation.js';
import { decimalField, notPositive, unitsOf } from './decimal-field.js';

const SPELLINGS = ['stop_limit_price', 'stopLimitPrice'] as const;

/** `stop_limit_price` (or `stopLimitPrice`) of an OCO's stop-loss leg, in ticks. */
export function stopLimitPrice(v: FieldValidation, spec: MarketSpec | undefined): number | undefined {
  const key = v.spelling(SPELLINGS);
  const label = 'Stop limit price';
  const d = decimalField(v, key, label, 'Stop limit price field is required.');
  if (d === undefined || spec === undefined || notPositive(v, key, label, d)) return undefined;
  return unitsOf(v, key, label, d, spec.moneyPrec, 'Min stop limit price step = ');
}
