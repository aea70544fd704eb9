import type { Endpoint } from '../endpoint.js';
import { ENDPOINT_GROUPS, groupOf } from '../endpoint-groups.js';
import * as CONTRACTS from './contracts.js';

export * from './contracts.js';
export { CONTRACTS };
export * from './main-account/withdraw-request.js';
export { DepositAddressResult } from './main-account/address.js';
export { WalletTransaction } from './main-account/history.js';
export { AccountFee } from './main-account/fee.js';
export { AssetStatus } from './public/assets.js';
export { FeeEntry, FlexFee } from './public/fee.js';
export { FuturesMarket } from './public/futures.js';
export { KlineCandle } from './public/kline.js';
export { FundingPayment } from './collateral-account/funding-history.js';
export { MarketInfoV1Fields, MarketInfoV2Fields } from './public/market-info-fields.js';
export { KillSwitchTimer } from './order/kill-switch.js';
export { BULK_ORDERS_MAX } from './order/bulk.js';
export { BULK_CANCELS_MAX } from './order/cancel-bulk.js';

const rank = (e: Endpoint): number => ENDPOINT_GROUPS.indexOf(groupOf(e));

/**
 * Every endpoint of the API that txc serves: the contracts of this folder (`contracts.ts`, generated),
 * by documentation group, then by path.
 */
export const ENDPOINTS: readonly Endpoint[] = (Object.values(CONTRACTS) as Endpoint[]).sort(
  (a, b) => rank(a) - rank(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
);
