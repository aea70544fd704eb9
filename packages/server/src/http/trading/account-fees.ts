import { ALL_MARKETS, feeRatesOf, rateToPercent, type MarketSpec, type State } from '@txc/core';
import { prevailingFees, type FeePair } from '../../market-data/prevailing-fees.js';
import { openMarkets } from '../../market-data/public-views.js';

/**
 * A user's default rates on one kind of market: their own for every market, else the rates most
 * markets of the kind charge; on perpetuals their own only ever lowers the market's.
 */
function defaultsOf(state: State, user: string, type: MarketSpec['type']): FeePair {
  const market = prevailingFees(state, type);
  const own = state.userFees.get(user)?.get(ALL_MARKETS);
  const pick = (mine: bigint | null | undefined, theirs: bigint): bigint =>
    mine === null || mine === undefined ? theirs : type === 'futures' && theirs < mine ? theirs : mine;
  return { maker: pick(own?.maker, market.maker), taker: pick(own?.taker, market.taker) };
}

/** `market/fee/single`: the user's maker and taker rates on one market, in percent. */
export function marketFeeOf(state: State, user: string, spec: MarketSpec): { taker: string; maker: string } {
  const rates = feeRatesOf(state.userFees, user, spec);
  return { taker: rateToPercent(rates.takerFee), maker: rateToPercent(rates.makerFee) };
}

/**
 * `market/fee`: the user's default spot and futures rates in percent, and in `custom_fee` every
 * market open for trading whose rates for the user differ from its kind's defaults (the user's own
 * rates for it, or the market's own when it charges other than most), so that each market's rates
 * are `custom_fee[market]` or else the defaults.
 */
export function accountFees(state: State, user: string): Record<string, unknown> {
  const spot = defaultsOf(state, user, 'spot');
  const futures = defaultsOf(state, user, 'futures');
  const custom: Record<string, { taker: string; maker: string }> = {};
  for (const spec of openMarkets(state)) {
    const rates = feeRatesOf(state.userFees, user, spec);
    const d = spec.type === 'futures' ? futures : spot;
    if (rates.makerFee !== d.maker || rates.takerFee !== d.taker) custom[spec.name] = marketFeeOf(state, user, spec);
  }
  return {
    error: null,
    taker: rateToPercent(spot.taker),
    maker: rateToPercent(spot.maker),
    futures_taker: rateToPercent(futures.taker),
    futures_maker: rateToPercent(futures.maker),
    rpi_maker_fee_premium: null,
    futures_rpi_maker_fee_premium: null,
    custom_fee: custom,
  };
}
