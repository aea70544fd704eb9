import { rateToDecimal } from '@txc/core';
import { AdminError, record, requiredString } from './admin-input.js';
import type { FundingSettledView } from './admin-operations.js';
import { rejected } from './refusal.js';
import type { Venue } from '../venue/venue.js';

/** `POST /admin/v1/funding/settle {market}`: settles a perpetual's funding period now, ahead of its boundary. */
export async function settleFunding(venue: Venue, input: unknown): Promise<FundingSettledView> {
  const market = requiredString(record(input, ['market']), 'market');
  const spec = venue.state.markets.get(market);
  if (spec?.type !== 'futures') throw new AdminError('adminBadRequest', `${market} is not a perpetual market.`);
  const { result } = await venue.submit({ type: 'SettleFunding', market, early: true });
  if (!result.ok) {
    if (result.rejection.reason === 'INDEX_PRICE_MISSING') {
      throw new AdminError('adminConflict', `${market} has no index price to settle at.`);
    }
    throw rejected(result.rejection);
  }
  return {
    market,
    fundingRate: rateToDecimal(result.value.rate),
    settledAt: Math.floor(result.value.settledAt / 1000),
  };
}
