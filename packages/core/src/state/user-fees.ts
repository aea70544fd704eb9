import type { MarketSpec } from '../spec/market.js';

/** A user's own fee rates (over RATE_SCALE); null where the market's rate applies. */
export interface FeeOverride {
  readonly maker: bigint | null;
  readonly taker: bigint | null;
}

/** The key of a user's rates for every market that has none of its own. */
export const ALL_MARKETS = '*';

/** Per user, their own rates by market name (or ALL_MARKETS). Users without any are absent. */
export type UserFees = Map<string, Map<string, FeeOverride>>;

/** The maker and taker rates a user's fills are charged. A MarketSpec is one: a user without rates of their own reads the market's. */
export interface FeeRates {
  readonly makerFee: bigint;
  readonly takerFee: bigint;
}

function lower(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/**
 * The rates `user` pays on `spec`: per rate, the user's own for the market, else the user's own for
 * every market, else the market's. On a perpetual a user's own rate only ever lowers the market's
 * (the exchange documents the lower of the two as the effective futures fee). Without rates of its
 * own — every user on most venues — the answer is the market itself: no allocation on the fill path.
 */
export function feeRatesOf(fees: UserFees, user: string, spec: MarketSpec): FeeRates {
  if (fees.size === 0) return spec;
  const own = fees.get(user);
  if (own === undefined) return spec;
  const market = own.get(spec.name);
  const all = own.get(ALL_MARKETS);
  const maker = market?.maker ?? all?.maker ?? null;
  const taker = market?.taker ?? all?.taker ?? null;
  if (maker === null && taker === null) return spec;
  const perp = spec.type === 'futures';
  return {
    makerFee: maker === null ? spec.makerFee : perp ? lower(maker, spec.makerFee) : maker,
    takerFee: taker === null ? spec.takerFee : perp ? lower(taker, spec.takerFee) : taker,
  };
}

/** The larger of the two rates: what a buy that may either make or take holds its fee at. */
export function maxFeeRate(rates: FeeRates): bigint {
  return rates.makerFee > rates.takerFee ? rates.makerFee : rates.takerFee;
}
