import type { MarketSpec, State } from '@txc/core';
import type { FieldValidation } from '../field-validation.js';

export interface MarketFieldOptions {
  /** False where a request may leave the market out (filters). */
  readonly required?: boolean;
  /** False where any market open for trading will do, collateral ones included. */
  readonly spotOnly?: boolean;
  /** The message for a market that is not open, where an endpoint words it its own way (`/orders`). */
  readonly unknown?: string;
}

/** `market`: a spot market open for trading (any market, with `spotOnly: false`). */
export function tradingMarket(
  v: FieldValidation,
  state: State,
  options: MarketFieldOptions = {},
): MarketSpec | undefined {
  const value = v.body.market;
  if (value === undefined || value === null) {
    if (options.required !== false) v.add('market', 'Market field is required.');
    return undefined;
  }
  if (typeof value !== 'string') {
    // both rules fail for a value that is not text, and the reference lists both (§5.6)
    v.add('market', 'Market field should be a string.');
    v.add('market', 'Market field format is invalid.');
    return undefined;
  }
  if (value === '') {
    v.add('market', 'Market field should not be empty string.');
    return undefined;
  }
  const spec = state.markets.get(value);
  if (spec === undefined || !spec.tradesEnabled || (options.spotOnly !== false && spec.type !== 'spot')) {
    v.add('market', options.unknown ?? 'Market is not available.');
    return undefined;
  }
  return spec;
}

/** `market`: a market open to collateral trading (a margin spot pair or a perpetual). */
export function collateralMarket(v: FieldValidation, state: State): MarketSpec | undefined {
  const spec = tradingMarket(v, state, { spotOnly: false });
  if (spec !== undefined && (!spec.isCollateral || spec.margin === undefined)) {
    v.add('market', 'Market is not available.');
    return undefined;
  }
  return spec;
}
