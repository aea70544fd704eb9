import type { BboRole } from '@txc/core';
import type { FieldValidation } from '../field-validation.js';
import { integerValue } from '../integer-value.js';

/** A boolean flag of an order; false when absent. */
export function flag(
  v: FieldValidation,
  field: 'postOnly' | 'ioc' | 'rpi' | 'retail' | 'reduceOnly',
  label: string,
): boolean {
  const value = v.body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') {
    v.add(field, `${label} field should be a boolean.`);
    return false;
  }
  return value;
}

/**
 * `bboRole` (reference §5.3): 1 joins the best price of the order's own side, 2 takes the best of
 * the other side; undefined when absent. Only limit orders placed now can take a price from the
 * book (`allowed`): a stop-limit's would have to be read when it triggers.
 */
export function bboRole(v: FieldValidation, allowed: boolean): BboRole | undefined {
  const value = v.body.bboRole;
  if (value === undefined || value === null) return undefined;
  if (!allowed) {
    v.add('bboRole', 'BboRole is only accepted on limit orders.');
    return undefined;
  }
  // an integer field: its text is read as PHP reads it (`"1"`), as every other integer field's
  const role = integerValue(value);
  if (role !== 1 && role !== 2) {
    v.add('bboRole', 'BboRole field should be 1 or 2.');
    return undefined;
  }
  return role;
}

/** `rpi` (limit orders): post-only by design, so it cannot come with `postOnly` set as well. */
export function rpiFlag(v: FieldValidation, postOnly: boolean): boolean {
  const given = flag(v, 'rpi', 'RPI');
  if (given && postOnly) v.add('rpi', 'RPI orders are post-only by design: postOnly cannot be set with RPI.');
  return given;
}

/**
 * `rpi` where only `false` is accepted (stop-limit orders): an RPI order rests hidden from the
 * moment it is placed, which a stop waiting for its trigger cannot do.
 */
export function noRpiFlag(v: FieldValidation): false {
  if (flag(v, 'rpi', 'RPI')) v.add('rpi', 'RPI is only accepted on limit orders.');
  return false;
}
