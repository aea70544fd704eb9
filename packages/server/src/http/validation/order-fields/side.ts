import type { Side } from '@txc/core';
import type { FieldValidation } from '../field-validation.js';

/** `side`: buy or sell. */
export function orderSide(v: FieldValidation): Side | undefined {
  const value = v.body.side;
  if (value === undefined || value === null) {
    v.add('side', 'Side field is required.');
    return undefined;
  }
  if (value !== 'buy' && value !== 'sell') {
    v.add('side', "Side field should contain only 'buy' or 'sell' values.");
    return undefined;
  }
  return value;
}

/** `positionSide`: LONG, SHORT or BOTH; undefined when absent (the account's mode decides). */
export function positionSideField(v: FieldValidation): 'LONG' | 'SHORT' | 'BOTH' | undefined {
  const value = v.body.positionSide;
  if (value === undefined || value === null) return undefined;
  if (value !== 'LONG' && value !== 'SHORT' && value !== 'BOTH') {
    v.add('positionSide', "Position side field should contain only 'LONG', 'SHORT' or 'BOTH' values.");
    return undefined;
  }
  return value;
}
