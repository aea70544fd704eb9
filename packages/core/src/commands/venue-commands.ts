import type { AssetSpec } from '../spec/asset.js';
import type { MarketSpec } from '../spec/market.js';

/** Adds an asset to the venue or updates its settings; its precision never changes once set. */
export interface DefineAsset {
  readonly type: 'DefineAsset';
  readonly asset: AssetSpec;
}

/**
 * Adds a market or updates its fees and limits. Its assets must exist, and its precisions must
 * fit them: an amount in lots and a price × amount must convert exactly into asset units.
 */
export interface DefineMarket {
  readonly type: 'DefineMarket';
  readonly market: MarketSpec;
}

export interface CreateUser {
  readonly type: 'CreateUser';
  readonly name: string;
  /** Accounts from the European Economic Area need travel-rule data on crypto withdrawals. */
  readonly eea: boolean;
}

/** Sets an asset's index price in USDT (over 10^INDEX_PRICE_DECIMALS): an input, like time. */
export interface SetIndexPrice {
  readonly type: 'SetIndexPrice';
  readonly ticker: string;
  readonly price: bigint;
}

/**
 * Sets a user's own maker and taker rates (over RATE_SCALE) on one market, or on every market that
 * has none of the user's own (market null). A null rate is the market's; both null forget the setting.
 */
export interface SetUserFee {
  readonly type: 'SetUserFee';
  readonly user: string;
  readonly market: string | null;
  readonly maker: bigint | null;
  readonly taker: bigint | null;
}

export interface UserFeeSetting {
  readonly user: string;
  readonly market: string | null;
  readonly maker: bigint | null;
  readonly taker: bigint | null;
}

/** Moves the venue to a newer version of the engine's rules (see state/rules.ts): from this command on. */
export interface AdoptRules {
  readonly type: 'AdoptRules';
  readonly version: number;
}
