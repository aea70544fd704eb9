import { rateFromPercent, RATE_SCALE, rateToPercent } from '@txc/core';
import { AdminError, record, requiredString } from './admin-input.js';
import { rejected } from './refusal.js';
import type { Venue } from '../venue/venue.js';

export interface UserFeeView {
  readonly user: string;
  /** Null: the user's rates for every market without rates of its own. */
  readonly market: string | null;
  /** Percent; null where the market's rate applies. */
  readonly makerFee: string | null;
  readonly takerFee: string | null;
}

/** A rate in percent (0–100) as the request gives it, or null for the market's. */
function percent(body: Record<string, unknown>, field: string): bigint | null {
  const raw = body[field];
  if (!(field in body))
    throw new AdminError('adminBadRequest', `${field} is required: a percent, or null for the market's.`);
  if (raw === null) return null;
  const rate = typeof raw === 'string' || typeof raw === 'number' ? rateFromPercent(String(raw)) : undefined;
  if (rate === undefined || rate > RATE_SCALE) {
    throw new AdminError('adminBadRequest', `${field} must be a percent from 0 to 100 ("0.1" is 0.1 %), or null.`);
  }
  return rate;
}

/**
 * `POST /admin/v1/users/:name/fees {market?, makerFee, takerFee}`: sets a user's own maker and taker
 * rates, in percent, on one market or (no market) on every market without rates of the user's own;
 * null for a rate is the market's, both null forget the setting. Every fill after it charges them.
 */
export async function setUserFee(venue: Venue, user: string, input: unknown): Promise<UserFeeView> {
  const body = record(input, ['market', 'makerFee', 'takerFee']);
  const market = body.market === undefined || body.market === null ? null : requiredString(body, 'market');
  const maker = percent(body, 'makerFee');
  const taker = percent(body, 'takerFee');
  if (market !== null && !venue.state.markets.has(market)) {
    throw new AdminError('adminNotFound', `Market ${market} not found.`);
  }
  const { result } = await venue.submit({ type: 'SetUserFee', user, market, maker, taker });
  if (!result.ok) throw rejected(result.rejection);
  const show = (rate: bigint | null): string | null => (rate === null ? null : rateToPercent(rate));
  return { user, market, makerFee: show(result.value.maker), takerFee: show(result.value.taker) };
}
