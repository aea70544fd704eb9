import { decimalToUnits, formatUnits, parseDecimal, pow10 } from '@txc/core';
import type { FieldValidation } from './field-validation.js';

/**
 * A transfer's `amount` in minor units, checked in the main-account family's words (reference §7.7):
 * required, a number, at least one minor unit of the asset and no finer. `precision` is undefined
 * while the ticker is unknown; then only the number itself is checked.
 */
export function transferAmount(v: FieldValidation, raw: unknown, precision: number | undefined): bigint | undefined {
  if (raw === undefined || raw === null || raw === '') {
    v.add('amount', 'The amount field is required.');
    return undefined;
  }
  const text = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : typeof raw === 'string' ? raw : '';
  const d = parseDecimal(text);
  if (d === undefined) {
    // both messages, as the service answers (reference §7.7)
    v.add('amount', 'The amount must be a number.');
    v.add('amount', 'Invalid number');
    return undefined;
  }
  if (precision === undefined) return undefined;
  const units = decimalToUnits(d, precision);
  // below one minor unit it is too small; above, it has digits the asset cannot hold
  const belowOneUnit = d.digits < pow10(Math.max(0, d.fractionDigits - precision));
  if (d.negative || d.digits === 0n || (units === undefined && belowOneUnit)) {
    v.add('amount', `The amount must be at least ${formatUnits(1n, precision)}.`);
    return undefined;
  }
  if (units === undefined) v.add('amount', `The amount must have no more than ${precision} decimal places.`);
  return units;
}
