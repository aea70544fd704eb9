import type { FieldValidation } from '../field-validation.js';
import { integerValue } from '../integer-value.js';

/** A non-negative integer (number or digits) within [min, max] (limits, offsets); `fallback` when absent. */
export function boundedInteger(v: FieldValidation, field: string, fallback: number, min: number, max: number): number {
  const value = v.body[field];
  if (value === undefined || value === null) return fallback;
  const n = integerValue(value);
  if (n === undefined) {
    v.add(field, `The ${field} must be an integer.`);
    return fallback;
  }
  if (n < min) {
    v.add(field, `The ${field} must be at least ${min}.`);
    return fallback;
  }
  if (n > max) {
    v.add(field, `The ${field} may not be greater than ${max}.`);
    return fallback;
  }
  return n;
}
