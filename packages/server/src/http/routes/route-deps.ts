import type { Config } from '../../config/schema.js';
import type { Candles } from '../../market-data/candles.js';
import type { MarketData } from '../../market-data/market-data.js';
import type { Venue } from '../../venue/venue.js';
import type { VenueView } from '../../venue/venue-view.js';
import type { DepositAddresses } from '../../wallet/deposit-addresses.js';
import type { Wallet } from '../../wallet/wallet.js';

/**
 * What the routes a gateway serves itself work with: the venue as a view, which on a gateway is its
 * copy of the committed state (cluster/followed-venue.ts).
 */
export interface ViewRouteDeps {
  readonly venue: VenueView;
}

/** What route handlers work with, built in the composition root and passed in. */
export interface RouteDeps extends ViewRouteDeps {
  readonly venue: Venue;
  /** Public keys and address rules of the chains the venue serves. */
  readonly wallet: Wallet;
  readonly depositAddresses: DepositAddresses;
  /** Rolling 24-hour statistics and recent trades per market. */
  readonly marketData: MarketData;
  /** Candles of every market and interval, from the store. */
  readonly candles: Candles;
  /** The operator's sub-account settings (the KYC link). */
  readonly subAccounts: Config['subAccounts'];
}
