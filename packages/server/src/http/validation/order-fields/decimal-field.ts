import { decimalToUnits, formatUnits, MAX_ORDER_UNITS, parseDecimal, pow10, type ParsedDecimal } from '@txc/core';
import type { FieldValidation } from '../field-validation.js';

/** "0.000001" for a scale of 6: the step messages of the reference. */
export function stepText(scale: number): string {
  return formatUnits(1n, scale);
}

/** `v` in units of 10^-from as units of 10^-to (truncated when `to` is the coarser). */
export function rescale(v: bigint, from: number, to: number): bigint {
  return to >= from ? v * pow10(to - from) : v / pow10(from - to);
}

/**
 * A decimal given as a numeric string or a plain number. An empty string is a missing value of a
 * required field (`required`: its message); an optional one given empty is refused, not taken for absent.
 */
export function decimalField(
  v: FieldValidation,
  field: string,
  label: string,
  required: string | undefined,
): ParsedDecimal | undefined {
  const value = v.body[field];
  if (value === undefined || value === null || value === '') {
    if (required !== undefined) v.add(field, required);
    else if (value === '') v.add(field, `${label} field should not be empty string.`);
    return undefined;
  }
  const text =
    typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value : undefined;
  const d = text === undefined ? undefined : parseDecimal(text);
  if (d === undefined) {
    v.add(field, `${label} field should be numeric string or number.`);
    return undefined;
  }
  return d;
}

/** Whether a decimal is zero or negative, filed as `<label> should be greater than 0.` under `key`. */
export function notPositive(v: FieldValidation, key: string, label: string, d: ParsedDecimal): boolean {
  if (!d.negative && d.digits !== 0n) return false;
  v.add(key, `${label} should be greater than 0.`);
  return true;
}

/**
 * Integer units of 10^-scale that fit a safe integer, filed under `key`; when too precise, the
 * step message: `step` followed by the step itself (written only then: most orders are on their
 * steps); when too large, the reference's code-12 words (§5.10) naming the field by its `label`,
 * and the largest value the field takes at this scale (0.009007199254740991 at 18 decimals: a
 * venue's precisions bound its orders, see docs/decisions.md).
 */
export function unitsOf(
  v: FieldValidation,
  key: string,
  label: string,
  d: ParsedDecimal,
  scale: number,
  step: string,
): number | undefined {
  const u = decimalToUnits(d, scale);
  if (u === undefined) {
    v.add(key, `${step}${stepText(scale)}`);
    return undefined;
  }
  if (u > MAX_ORDER_UNITS) {
    v.add(
      key,
      `The ${label.toLowerCase()} field value, that the API unable to process. At most ${formatUnits(MAX_ORDER_UNITS, scale)} on this market.`,
    );
    return undefined;
  }
  return Number(u);
}
