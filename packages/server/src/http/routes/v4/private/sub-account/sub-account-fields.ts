import { SUB_ACCOUNT_ALIAS_MAX, liveSubAccountOf, type State, type SubAccount } from '@txc/core';
import type { MainValidation } from '../../../../validation/main-validation.js';
import { integerValue } from '../../../../validation/integer-value.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `id`: required, a string; whether it names one of the caller's sub-accounts is the engine's to say. */
export function subAccountIdField(v: MainValidation): string | undefined {
  if (!v.has('id')) {
    v.add('id', 'The id field is required.');
    return undefined;
  }
  return v.optionalString('id');
}

/** `alias`: required, a string of at most SUB_ACCOUNT_ALIAS_MAX characters. */
export function aliasField(v: MainValidation): string | undefined {
  if (!v.has('alias')) {
    v.add('alias', 'The alias field is required.');
    return undefined;
  }
  const alias = v.optionalString('alias');
  if (alias !== undefined && alias.length > SUB_ACCOUNT_ALIAS_MAX) {
    v.add('alias', `The alias may not be greater than ${SUB_ACCOUNT_ALIAS_MAX} characters.`);
    return undefined;
  }
  return alias;
}

/** `email`: required unless `shareKyc` is true (exchange docs); when given, an address. */
export function emailField(v: MainValidation, shareKyc: boolean): string | null | undefined {
  if (!v.has('email')) {
    if (!shareKyc) v.add('email', 'The email field is required.');
    return null;
  }
  const email = v.optionalString('email');
  if (email !== undefined && !EMAIL.test(email)) {
    v.add('email', 'Email is invalid.');
    return undefined;
  }
  return email;
}

/** An optional boolean field, false when absent. */
export function flagField(v: MainValidation, field: string, label: string): boolean {
  const value = v.body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') v.add(field, `The ${label} field must be true or false.`);
  return value === true;
}

/** `permissions`: required, `{spotEnabled, collateralEnabled}`, both booleans. */
export function permissionsField(v: MainValidation): { spotEnabled: boolean; collateralEnabled: boolean } | undefined {
  const p = v.body.permissions;
  if (p === undefined || p === null) {
    v.add('permissions', 'The permissions field is required.');
    return undefined;
  }
  if (typeof p !== 'object' || Array.isArray(p)) {
    v.add('permissions', 'The permissions must be an object.');
    return undefined;
  }
  const fields = p as Record<string, unknown>;
  for (const key of ['spotEnabled', 'collateralEnabled']) {
    if (fields[key] === undefined || fields[key] === null) {
      v.add(`permissions.${key}`, `The permissions.${key} field is required.`);
    } else if (typeof fields[key] !== 'boolean') {
      v.add(`permissions.${key}`, `The permissions.${key} field must be true or false.`);
    }
  }
  if (v.failed) return undefined;
  return { spotEnabled: fields.spotEnabled === true, collateralEnabled: fields.collateralEnabled === true };
}

/** `direction`: `main_to_sub` or `sub_to_main`; required unless `optional`. */
export function directionField(v: MainValidation, optional: boolean): 'main_to_sub' | 'sub_to_main' | undefined {
  if (!v.has('direction')) {
    if (!optional) v.add('direction', 'The direction field is required.');
    return undefined;
  }
  const d = v.body.direction;
  if (d === 'main_to_sub' || d === 'sub_to_main') return d;
  v.add('direction', 'The selected direction is invalid.');
  return undefined;
}

/** `limit` (1–100, default `fallback`) and `offset` (0–10000, default 0), as integers or their text. */
export function pageFields(v: MainValidation, fallback: number): { limit: number; offset: number } {
  const read = (field: string, min: number, max: number, absent: number): number => {
    if (!v.has(field)) return absent;
    const n = integerValue(v.body[field]);
    if (n === undefined) v.add(field, `The ${field} must be an integer.`);
    else if (n < min || n > max) v.add(field, `The ${field} must be between ${min} and ${max}.`);
    return n ?? absent;
  };
  return { limit: read('limit', 1, 100, fallback), offset: read('offset', 0, 10_000, 0) };
}

/** The caller's live sub-account `id`, if it is one. */
export function ownSubAccount(state: State, caller: string, id: string): SubAccount | undefined {
  return liveSubAccountOf(state.subAccounts, caller, id);
}
