import type { State } from '@txc/core';
import type { FieldValidation } from '../../../../validation/field-validation.js';

/** The optional `ticker` of the collateral balance reads: a known asset, or code 30 `ticker is invalid.` */
export function optionalTicker(v: FieldValidation, body: Record<string, unknown>, state: State): string | undefined {
  const t = body.ticker;
  if (t === undefined || t === null) return undefined;
  if (typeof t !== 'string' || !state.assets.has(t)) {
    v.add('ticker', 'ticker is invalid.');
    return undefined;
  }
  return t;
}
