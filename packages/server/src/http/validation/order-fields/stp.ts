import type { FieldValidation } from '../field-validation.js';

/** A Map, not an object: `stp: "constructor"` must find nothing, not Object's constructor. */
const STP: ReadonlyMap<string, 'no' | 'cb' | 'cn' | 'co'> = new Map([
  ['no', 'no'],
  ['cancel_both', 'cb'],
  ['cancel_new', 'cn'],
  ['cancel_old', 'co'],
  ['cb', 'cb'],
  ['cn', 'cn'],
  ['co', 'co'],
]);

/** `stp`, self-trade prevention: its long or short name, answered short; `no` when absent. */
export function stpField(v: FieldValidation): 'no' | 'cb' | 'cn' | 'co' {
  const value = v.body.stp;
  if (value === undefined || value === null) return 'no';
  const mode = typeof value === 'string' ? STP.get(value) : undefined;
  if (mode === undefined) {
    v.add('stp', "Stp field should contain only 'no', 'cancel_both', 'cancel_new' or 'cancel_old' values.");
    return 'no';
  }
  return mode;
}
