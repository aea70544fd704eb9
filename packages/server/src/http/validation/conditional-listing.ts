import type { MarketSpec, State } from '@txc/core';
import { FieldValidation } from './field-validation.js';
import { boundedInteger } from './order-fields/bounded-integer.js';
import { tradingMarket } from './order-fields/market.js';

export interface ListingFilters {
  readonly market: MarketSpec | undefined;
  readonly limit: number;
  readonly offset: number;
}

/**
 * The filters of `oco-orders` and `conditional-orders`: an optional collateral `market` (code 31
 * otherwise), `limit` 1–100 and `offset` 0–4294967295 (code 30 otherwise).
 */
export function listingFilters(
  body: Record<string, unknown>,
  state: State,
  defaultLimit: number,
): { filters: ListingFilters } | { invalid: FieldValidation } {
  const v = new FieldValidation(body);
  let market = tradingMarket(v, state, { required: false, spotOnly: false });
  if (market !== undefined && (!market.isCollateral || market.margin === undefined)) {
    v.add('market', 'Market is not available.');
    market = undefined;
  }
  const limit = boundedInteger(v, 'limit', defaultLimit, 1, 100);
  const offset = boundedInteger(v, 'offset', 0, 0, 4_294_967_295);
  return v.failed ? { invalid: v } : { filters: { market, limit, offset } };
}
