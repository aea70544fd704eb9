import type { Endpoint } from '../endpoint.js';
import { mainAccountAddress } from './main-account/address.js';
import { mainAccountBalance } from './main-account/balance.js';
import { mainAccountFee } from './main-account/fee.js';
import { mainAccountCodes } from './main-account/codes.js';
import { mainAccountCodesApply } from './main-account/codes-apply.js';
import { mainAccountCodesMy } from './main-account/codes-my.js';
import { mainAccountCodesHistory } from './main-account/codes-history.js';
import { mainAccountCreateNewAddress } from './main-account/create-new-address.js';
import { mainAccountHistory } from './main-account/history.js';
import { mainAccountTransfer } from './main-account/transfer.js';
import { mainAccountWithdrawPay } from './main-account/withdraw-pay.js';
import { mainAccountWithdraw } from './main-account/withdraw.js';
import { miningAccounts } from './mining/accounts.js';
import { miningCreateAccount } from './mining/create-account.js';
import { miningEditPayoutDestination } from './mining/edit-payout-destination.js';
import { miningPayoutDestination } from './mining/payout-destination.js';
import { miningRewards } from './mining/rewards.js';
import { collateralBalance } from './collateral-account/balance.js';
import { collateralBalanceSummary } from './collateral-account/balance-summary.js';
import { collateralHedgeMode } from './collateral-account/hedge-mode.js';
import { collateralHedgeModeUpdate } from './collateral-account/hedge-mode-update.js';
import { collateralLeverage } from './collateral-account/leverage.js';
import { collateralPositionsHistory } from './collateral-account/positions-history.js';
import { collateralPositionsOpen } from './collateral-account/positions-open.js';
import { collateralSummary } from './collateral-account/summary.js';
import { collateralFundingHistory } from './collateral-account/funding-history.js';
import { activeOrders } from './order/active-orders.js';
import { collateralLimit } from './order/collateral-limit.js';
import { collateralMarket } from './order/collateral-market.js';
import { collateralStopLimit } from './order/collateral-stop-limit.js';
import { collateralTriggerMarket } from './order/collateral-trigger-market.js';
import { orderOtoCancel } from './order/oto-cancel.js';
import { orderCancelAll } from './order/cancel-all.js';
import { orderCancel } from './order/cancel.js';
import { orderMarket } from './order/market.js';
import { orderModify } from './order/modify.js';
import { orderBulk } from './order/bulk.js';
import { orderCancelBulk } from './order/cancel-bulk.js';
import { orderKillSwitch, orderKillSwitchStatus } from './order/kill-switch.js';
import { orderNew } from './order/new.js';
import { orderStockMarket } from './order/stock-market.js';
import { orderStopLimit } from './order/stop-limit.js';
import { orderStopMarket } from './order/stop-market.js';
import { assets } from './public/assets.js';
import { collateralMarkets } from './public/collateral-markets.js';
import { fee } from './public/fee.js';
import { fundingHistory } from './public/funding-history.js';
import { kline } from './public/kline.js';
import { futures } from './public/futures.js';
import { markets } from './public/markets.js';
import { orderbookDepth } from './public/orderbook-depth.js';
import { orderbook } from './public/orderbook.js';
import { ping } from './public/ping.js';
import { platformStatus } from './public/platform-status.js';
import { ticker } from './public/ticker.js';
import { tickerV1 } from './public/ticker-v1.js';
import { marketsV1 } from './public/markets-v1.js';
import { tickersV1 } from './public/tickers-v1.js';
import { symbolsV1 } from './public/symbols-v1.js';
import { depthV1 } from './public/depth-v1.js';
import { historyV1 } from './public/history-v1.js';
import { marketsV2 } from './public/markets-v2.js';
import { tickerV2 } from './public/ticker-v2.js';
import { depthV2 } from './public/depth-v2.js';
import { tradesV2 } from './public/trades-v2.js';
import { feeV2 } from './public/fee-v2.js';
import { assetsV2 } from './public/assets-v2.js';
import { time } from './public/time.js';
import { trades } from './public/trades.js';
import { tradeBalance } from './trade-account/balance.js';
import { websocketToken } from './profile/websocket-token.js';
import { marketFee } from './market/fee.js';
import { marketFeeSingle } from './market/fee-single.js';
import { executedHistory } from './trade-account/executed-history.js';
import { orderDeals } from './trade-account/order-deals.js';
import { orderHistory } from './trade-account/order-history.js';

export {
  activeOrders,
  assets,
  collateralBalance,
  collateralBalanceSummary,
  collateralFundingHistory,
  collateralHedgeMode,
  collateralHedgeModeUpdate,
  collateralLeverage,
  collateralLimit,
  collateralMarket,
  collateralPositionsHistory,
  collateralPositionsOpen,
  collateralStopLimit,
  collateralSummary,
  collateralTriggerMarket,
  collateralMarkets,
  executedHistory,
  fee,
  fundingHistory,
  futures,
  kline,
  mainAccountAddress,
  mainAccountBalance,
  mainAccountCreateNewAddress,
  mainAccountFee,
  mainAccountHistory,
  mainAccountCodes,
  mainAccountCodesApply,
  mainAccountCodesMy,
  mainAccountCodesHistory,
  mainAccountTransfer,
  mainAccountWithdraw,
  mainAccountWithdrawPay,
  markets,
  marketFee,
  marketFeeSingle,
  miningAccounts,
  miningCreateAccount,
  miningEditPayoutDestination,
  miningPayoutDestination,
  miningRewards,
  orderbook,
  orderbookDepth,
  orderCancel,
  orderCancelAll,
  orderDeals,
  orderHistory,
  orderBulk,
  orderCancelBulk,
  orderKillSwitch,
  orderKillSwitchStatus,
  orderMarket,
  orderModify,
  orderNew,
  orderOtoCancel,
  orderStockMarket,
  orderStopLimit,
  orderStopMarket,
  ping,
  platformStatus,
  ticker,
  tickerV1,
  time,
  tradeBalance,
  trades,
  marketsV1,
  tickersV1,
  symbolsV1,
  depthV1,
  historyV1,
  marketsV2,
  tickerV2,
  depthV2,
  tradesV2,
  feeV2,
  assetsV2,
  websocketToken,
};
export * from './main-account/withdraw-request.js';
export { DepositAddressResult } from './main-account/address.js';
export { WalletTransaction } from './main-account/history.js';
export { AccountFee } from './main-account/fee.js';
export { AssetStatus } from './public/assets.js';
export { FeeEntry, FlexFee } from './public/fee.js';
export { FuturesMarket } from './public/futures.js';
export { KlineCandle } from './public/kline.js';
export { KillSwitchTimer } from './order/kill-switch.js';
export { BULK_ORDERS_MAX } from './order/bulk.js';
export { BULK_CANCELS_MAX } from './order/cancel-bulk.js';
export { FundingPayment } from './collateral-account/funding-history.js';

/** Every endpoint of the API that txc serves. */
export const ENDPOINTS: readonly Endpoint[] = [
  // public
  ping,
  time,
  platformStatus,
  markets,
  ticker,
  orderbook,
  orderbookDepth,
  trades,
  collateralMarkets,
  futures,
  fundingHistory,
  assets,
  fee,
  tickerV1,
  kline,
  marketsV1,
  tickersV1,
  symbolsV1,
  depthV1,
  historyV1,
  marketsV2,
  tickerV2,
  depthV2,
  tradesV2,
  feeV2,
  assetsV2,
  // spot trading
  orderNew,
  orderMarket,
  orderStockMarket,
  orderStopLimit,
  orderStopMarket,
  orderCancel,
  orderCancelAll,
  orderModify,
  orderBulk,
  orderCancelBulk,
  orderKillSwitch,
  orderKillSwitchStatus,
  activeOrders,
  tradeBalance,
  orderHistory,
  executedHistory,
  orderDeals,
  marketFee,
  marketFeeSingle,
  // collateral trading
  collateralLimit,
  collateralMarket,
  collateralTriggerMarket,
  collateralStopLimit,
  orderOtoCancel,
  collateralSummary,
  collateralBalance,
  collateralBalanceSummary,
  collateralPositionsOpen,
  collateralPositionsHistory,
  collateralLeverage,
  collateralHedgeMode,
  collateralHedgeModeUpdate,
  collateralFundingHistory,
  // main account
  mainAccountBalance,
  mainAccountTransfer,
  mainAccountAddress,
  mainAccountCreateNewAddress,
  mainAccountWithdraw,
  mainAccountWithdrawPay,
  mainAccountHistory,
  mainAccountFee,
  mainAccountCodes,
  mainAccountCodesApply,
  mainAccountCodesMy,
  mainAccountCodesHistory,
  // mining
  miningCreateAccount,
  miningAccounts,
  miningPayoutDestination,
  miningEditPayoutDestination,
  miningRewards,
  // streams
  websocketToken,
];
