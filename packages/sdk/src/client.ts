import type { Static } from 'typebox';
import {
  collateralBalance,
  collateralBalanceSummary,
  collateralHedgeMode,
  collateralHedgeModeUpdate,
  collateralLeverage,
  type collateralLimit,
  collateralPositionsHistory,
  collateralPositionsOpen,
  type collateralSummary,
  fee,
  fundingHistory,
  kline,
  mainAccountAddress,
  mainAccountBalance,
  mainAccountCreateNewAddress,
  mainAccountFee,
  mainAccountHistory,
  mainAccountTransfer,
  mainAccountWithdraw,
  mainAccountWithdrawPay,
  type miningAccounts,
  miningCreateAccount,
  miningEditPayoutDestination,
  miningPayoutDestination,
  type miningRewards,
  orderbook,
  orderbookDepth,
  type orderNew,
  orderModify,
  orderOtoCancel,
  tickerV1,
  tradeBalance,
  trades,
  type WithdrawRequest,
} from './contract/endpoints/index.js';
import { installContractMethods, type ContractMethods } from './contract-methods.js';
import { HttpClient, type Params, type TxcClientOptions } from './http-client.js';

export type { TxcClientOptions } from './http-client.js';

export type MainBalances = Record<string, { main_balance: string }>;

/** The order every spot order endpoint answers (spec §2.2 names with their wire aliases). */
export type Order = Static<typeof orderNew.response>;
/** A collateral order: the Order with `reduceOnly`, and `oto` on OTO parents. */
export type CollateralOrder = Static<typeof collateralLimit.response>;
export type CollateralSummary = Static<typeof collateralSummary.response>;
export type OpenPosition = Static<typeof collateralPositionsOpen.response>[number];
export type PositionState = Static<typeof collateralPositionsHistory.response>[number];
export type BalanceSummary = Static<typeof collateralBalanceSummary.response>[number];

export type MiningPayoutSetting = Static<typeof miningPayoutDestination.response>;
export type MiningRewardsPage = Static<typeof miningRewards.response>;
export type MiningAccountsPage = Static<typeof miningAccounts.response>;

export interface MiningPage {
  readonly limit?: number;
  readonly offset?: number;
}
export type WithdrawParams = Omit<Static<typeof WithdrawRequest>, 'request' | 'nonce' | 'nonceWindow'>;
export type HistoryParams = Params<typeof mainAccountHistory>;
export type DepositAddressParams = Params<typeof mainAccountCreateNewAddress>;

/**
 * The methods written here: the shorter names and positional forms callers already use
 * (`client.mainBalance('BTC')`, `client.orderbook('BTC_USDT', { limit })`). Every other method comes
 * from a contract (see `TxcClient` below).
 */
class ConvenienceMethods extends HttpClient {
  // --- public ---

  /** One market's 24-hour figures (open, high, low, last, bid, ask, volumes), as API V1 answers them. */
  marketTicker(market: string): Promise<Static<typeof tickerV1.response>> {
    return this.call(tickerV1, { market });
  }

  /** Candles of a market, oldest first (the API V1 kline endpoint): `[time, open, close, high, low, volume, deal]`. */
  kline(
    market: string,
    query: { interval?: string; start?: number; end?: number; limit?: number } = {},
  ): Promise<Static<typeof kline.response>> {
    return this.publicGet(kline.path, { market, ...query });
  }

  orderbook(
    market: string,
    query: { limit?: number; level?: number } = {},
  ): Promise<Static<typeof orderbook.response>> {
    return this.publicGet(orderbook.path.replace(':market', encodeURIComponent(market)), query);
  }

  orderbookDepth(market: string): Promise<Static<typeof orderbookDepth.response>> {
    return this.publicGet(orderbookDepth.path.replace(':market', encodeURIComponent(market)));
  }

  trades(market: string, type?: 'buy' | 'sell'): Promise<Static<typeof trades.response>> {
    return this.publicGet(trades.path.replace(':market', encodeURIComponent(market)), { type });
  }

  /** A perpetual's funding settlements, newest first (dates in seconds). */
  fundingHistory(
    market: string,
    query: { startDate?: number; endDate?: number; limit?: number; offset?: number } = {},
  ): Promise<Static<typeof fundingHistory.response>> {
    return this.publicGet(fundingHistory.path.replace(':market', encodeURIComponent(market)), query);
  }

  /** Deposit and withdrawal fees and limits (multi-network assets keyed "TICKER (NETWORK)"). */
  fees(): Promise<Static<typeof fee.response>> {
    return this.publicGet(fee.path);
  }

  // --- spot trading ---

  /** Every non-zero spot balance. */
  tradeBalances(): Promise<Record<string, { available: string; freeze: string }>> {
    return this.privatePost(tradeBalance.path);
  }

  /** One asset's spot balance. */
  tradeBalance(ticker: string): Promise<{ available: string; freeze: string }> {
    return this.privatePost(tradeBalance.path, { ticker });
  }

  /** Replaces an open order by a new one (new id) with the figures given; answers `[newOrder]`. */
  orderModify(params: Params<typeof orderModify>): Promise<[Static<typeof orderModify.response>[number]]> {
    return this.privatePost(orderModify.path, params);
  }

  // --- collateral trading ---

  /** Cancels an OTO group: its parent if open, and its live legs. */
  otoCancel(params: Params<typeof orderOtoCancel>): Promise<Static<typeof orderOtoCancel.response>> {
    return this.privatePost(orderOtoCancel.path, params);
  }

  /** What the collateral account holds, by ticker (one ticker when given). */
  collateralBalance(ticker?: string): Promise<Record<string, string>> {
    return this.privatePost(collateralBalance.path, ticker === undefined ? {} : { ticker });
  }

  collateralBalanceSummary(ticker?: string): Promise<BalanceSummary[]> {
    return this.privatePost(collateralBalanceSummary.path, ticker === undefined ? {} : { ticker });
  }

  openPositions(market?: string): Promise<OpenPosition[]> {
    return this.privatePost(collateralPositionsOpen.path, market === undefined ? {} : { market });
  }

  positionHistory(params: Params<typeof collateralPositionsHistory> = {}): Promise<PositionState[]> {
    return this.privatePost(collateralPositionsHistory.path, params);
  }

  /** Sets the account leverage (1, 2, 3, 5, 10, 20, 50 or 100). */
  setLeverage(leverage: number): Promise<{ leverage: number }> {
    return this.privatePost(collateralLeverage.path, { leverage });
  }

  hedgeMode(): Promise<{ hedgeMode: boolean }> {
    return this.privatePost(collateralHedgeMode.path);
  }

  setHedgeMode(hedgeMode: boolean): Promise<{ hedgeMode: boolean }> {
    return this.privatePost(collateralHedgeModeUpdate.path, { hedgeMode });
  }

  // --- main account ---

  /** Moves funds between the caller's `main`, `spot` and `collateral` accounts. */
  transfer(params: Params<typeof mainAccountTransfer>): Promise<[]> {
    return this.privatePost(mainAccountTransfer.path, params);
  }

  /** Every asset's main balance. */
  mainBalances(): Promise<MainBalances> {
    return this.privatePost(mainAccountBalance.path);
  }

  /**
   * One asset's main balance, read out of the answer keyed by ticker; "0" for a ticker the venue
   * does not know, as for any asset the answer leaves out (spec §2.4).
   */
  async mainBalance(ticker: string): Promise<{ main_balance: string }> {
    const balances: MainBalances = await this.privatePost(mainAccountBalance.path, { ticker });
    return balances[ticker] ?? { main_balance: '0' };
  }

  /** Deposit and withdrawal fees and limits of every asset. */
  accountFees(): Promise<Static<typeof mainAccountFee.response>> {
    return this.privatePost(mainAccountFee.path);
  }

  // --- mining pool ---

  /** Opens a mining account (names: letters, digits, underscores; unique per user). */
  createMiningAccount(
    name: string,
    options: { readonly referralCode?: string } = {},
  ): Promise<Static<typeof miningCreateAccount.response>> {
    return this.privatePost(miningCreateAccount.path, { name, ...options });
  }

  miningPayoutDestination(accountName: string): Promise<MiningPayoutSetting> {
    return this.privatePost(miningPayoutDestination.path, { accountName });
  }

  /** Sends the account's rewards to the main balance, or to a mainnet Bitcoin address. */
  setMiningPayoutDestination(
    accountName: string,
    destination: MiningPayoutSetting['payoutDestination'],
    address?: string,
  ): Promise<MiningPayoutSetting> {
    return this.privatePost(miningEditPayoutDestination.path, { accountName, destination, address });
  }

  // --- deposits and withdrawals ---

  /** The persistent deposit address for a ticker (and network). */
  depositAddress(params: Omit<DepositAddressParams, 'type'>): Promise<Static<typeof mainAccountAddress.response>> {
    return this.privatePost(mainAccountAddress.path, params);
  }

  /** A further deposit address, at a fresh derivation index. */
  createDepositAddress(params: DepositAddressParams): Promise<Static<typeof mainAccountCreateNewAddress.response>> {
    return this.privatePost(mainAccountCreateNewAddress.path, params);
  }

  /** A withdrawal whose fee comes out of `amount`; resolves to `[]` once accepted. */
  withdraw(params: WithdrawParams): Promise<[]> {
    return this.privatePost(mainAccountWithdraw.path, params);
  }

  /** A withdrawal whose receiver gets exactly `amount`, the fee on top; resolves to `[]` once accepted. */
  withdrawPay(params: WithdrawParams): Promise<[]> {
    return this.privatePost(mainAccountWithdrawPay.path, params);
  }

  /** Deposits and withdrawals, newest first. */
  walletHistory(params: HistoryParams = {}): Promise<Static<typeof mainAccountHistory.response>> {
    return this.privatePost(mainAccountHistory.path, params);
  }
}

installContractMethods(ConvenienceMethods.prototype);

/**
 * A client of the exchange HTTP API V4: a method per endpoint contract, named as the contract is
 * exported (`client.orderNew({...})`, `client.markets()`), so that a new contract is a new method
 * without a line here; where this file declares a method of the same name, that one is kept.
 */
export type TxcClient = ConvenienceMethods & Omit<ContractMethods, keyof ConvenienceMethods>;
// the contract methods are on the prototype (installContractMethods above), which the class's own type cannot say
export const TxcClient = ConvenienceMethods as unknown as new (options: TxcClientOptions) => TxcClient;
