import type { MarketSpec } from '@txc/core';
import type { FieldValidation } from '../field-validation.js';
import { decimalField, notPositive, unitsOf } from './decimal-field.js';

const REQUIRED = 'Price field is required.';

/** `price` of a limit order, in ticks. */
export function limitPrice(v: FieldValidation, spec: MarketSpec): number | undefined {
  const d = decimalField(v, 'price', 'Price', REQUIRED);
  if (d === undefined || notPositive(v, 'price', 'Price', d)) return undefined;
  return unitsOf(v, 'price', 'Price', d, spec.moneyPrec, 'Min price step = ');
}

/** Without a market to read the steps of: only whether `price` is missing. */
export function requirePrice(v: FieldValidation): void {
  if (v.body.price === undefined || v.body.price === null) v.add('price', REQUIRED);
}

/** `stopLoss` / `takeProfit`: a trigger price in ticks, and the text submitted. */
export function triggerPrice(
  v: FieldValidation,
  field: 'stopLoss' | 'takeProfit',
  spec: MarketSpec,
): { ticks: number; text: string } | undefined {
  const label = field === 'stopLoss' ? 'Stop loss' : 'Take profit';
  const d = decimalField(v, field, label, undefined);
  if (d === undefined || notPositive(v, field, label, d)) return undefined;
  const ticks = unitsOf(v, field, label, d, spec.moneyPrec, `Min ${label.toLowerCase()} step = `);
  const value = v.body[field];
  return ticks === undefined
    ? undefined
    : { ticks, text: typeof value === 'number' ? String(value) : (value as string) };
}
