import type { Static, TSchema } from 'typebox';
import {
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
  mainAccountFee,
  mainAccountCreateNewAddress,
  mainAccountHistory,
  mainAccountTransfer,
  mainAccountWithdraw,
  mainAccountWithdrawPay,
  markets,
  miningAccounts,
  miningCreateAccount,
  miningEditPayoutDestination,
  miningPayoutDestination,
  miningRewards,
  orderbook,
  orderbookDepth,
  orderCancel,
  orderModify,
  orderBulk,
  orderCancelBulk,
  orderCancelAll,
  orderDeals,
  orderHistory,
  orderMarket,
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
  websocketToken,
  type WithdrawRequest,
} from './contract/endpoints/index.js';
import { TxcError } from './errors/txc-error.js';
import { timestampNonces, type NonceSource } from './nonce.js';
import { Signer } from './signing.js';

export interface TxcClientOptions {
  /** e.g. http://127.0.0.1:8080 */
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly apiSecret?: string;
  /** Where nonces come from; by default increasing millisecond timestamps. */
  readonly nonces?: NonceSource;
  /** Sign with `nonceWindow: true`: timestamps within ±5 s, unique but not ordered (for concurrent senders). */
  readonly nonceWindow?: boolean;
  readonly fetch?: typeof globalThis.fetch;
}

export type MainBalances = Record<string, { main_balance: string }>;

/** The order every spot order endpoint answers (spec §2.2 names with their wire aliases). */
export type Order = Static<typeof orderNew.response>;
/** A collateral order: the Order with `reduceOnly`, and `oto` on OTO parents. */
export type CollateralOrder = Static<typeof collateralLimit.response>;
export type CollateralSummary = Static<typeof collateralSummary.response>;
export type OpenPosition = Static<typeof collateralPositionsOpen.response>[number];
export type PositionState = Static<typeof collateralPositionsHistory.response>[number];
export type BalanceSummary = Static<typeof collateralBalanceSummary.response>[number];

/** One item of a bulk answer: its result or its error, the other null. */
export type BulkItem<T> =
  | { result: T; error: null }
  | { result: null; error: { code: number; message: string; errors: Record<string, string[]> } };

/** Fields a caller passes to an endpoint (besides `request`, `nonce`, `nonceWindow`). */
type Params<E extends { request: TSchema }> = Omit<Static<E['request']>, 'request' | 'nonce' | 'nonceWindow'>;

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

/** A client of the exchange HTTP API V4: public GETs, and signed private POSTs. */
export class TxcClient {
  private readonly baseUrl: string;
  private readonly apiKey: string | undefined;
  private readonly signer: Signer | undefined;
  private readonly nonces: NonceSource;
  private readonly nonceWindow: boolean;
  private readonly fetchImpl: typeof globalThis.fetch;

  constructor(options: TxcClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.signer = options.apiSecret === undefined ? undefined : new Signer(options.apiSecret);
    this.nonces = options.nonces ?? timestampNonces();
    this.nonceWindow = options.nonceWindow ?? false;
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** GET a public endpoint; `query` values are sent as a query string. */
  async publicGet<T = unknown>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, String(v));
    const qs = search.toString();
    const response = await this.fetchImpl(`${this.baseUrl}${path}${qs === '' ? '' : `?${qs}`}`);
    return TxcClient.decode<T>(response);
  }

  /** POST a signed private request; `params` are merged with `request` and `nonce` into the body. */
  async privatePost<T = unknown>(path: string, params: Record<string, unknown> = {}): Promise<T> {
    if (this.apiKey === undefined || this.signer === undefined) {
      throw new Error('TxcClient: private endpoints need apiKey and apiSecret');
    }
    const body: Record<string, unknown> = { request: path, nonce: this.nonces.next() };
    if (this.nonceWindow) body.nonceWindow = true;
    Object.assign(body, params);
    const text = JSON.stringify(body);
    const headers = await this.signer.headers(this.apiKey, text);
    const response = await this.fetchImpl(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: text,
    });
    return TxcClient.decode<T>(response);
  }

  private static async decode<T>(response: Response): Promise<T> {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: kept as text for the error
    }
    if (!response.ok) throw new TxcError(response.status, body);
    return body as T;
  }

  // --- public ---

  ping(): Promise<Static<typeof ping.response>> {
    return this.publicGet(ping.path);
  }

  time(): Promise<Static<typeof time.response>> {
    return this.publicGet(time.path);
  }

  platformStatus(): Promise<Static<typeof platformStatus.response>> {
    return this.publicGet(platformStatus.path);
  }

  markets(): Promise<Static<typeof markets.response>> {
    return this.publicGet(markets.path);
  }

  ticker(): Promise<Static<typeof ticker.response>> {
    return this.publicGet(ticker.path);
  }

  /** One market's 24-hour figures (open, high, low, last, bid, ask, volumes), as API V1 answers them. */
  marketTicker(market: string): Promise<Static<typeof tickerV1.response>> {
    return this.publicGet(tickerV1.path, { market });
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

  collateralMarkets(): Promise<Static<typeof collateralMarkets.response>> {
    return this.publicGet(collateralMarkets.path);
  }

  /** Every perpetual with its 24-hour statistics, index, predicted funding rate and brackets. */
  futures(): Promise<Static<typeof futures.response>> {
    return this.publicGet(futures.path);
  }

  /** A perpetual's funding settlements, newest first (dates in seconds). */
  fundingHistory(
    market: string,
    query: { startDate?: number; endDate?: number; limit?: number; offset?: number } = {},
  ): Promise<Static<typeof fundingHistory.response>> {
    return this.publicGet(fundingHistory.path.replace(':market', encodeURIComponent(market)), query);
  }

  /** Every asset's status: networks, limits, confirmations, memo flags, providers. */
  assets(): Promise<Static<typeof assets.response>> {
    return this.publicGet(assets.path);
  }

  /** Deposit and withdrawal fees and limits (multi-network assets keyed "TICKER (NETWORK)"). */
  fees(): Promise<Static<typeof fee.response>> {
    return this.publicGet(fee.path);
  }

  // --- spot trading ---

  /** A limit order: `{market, side, amount, price, postOnly?, ioc?, clientOrderId?, stp?}`. */
  orderNew(params: Params<typeof orderNew>): Promise<Order> {
    return this.privatePost(orderNew.path, params);
  }

  /** A market order: a buy's `amount` is money to spend (the fee comes on top), a sell's is stock. */
  orderMarket(params: Params<typeof orderMarket>): Promise<Order> {
    return this.privatePost(orderMarket.path, params);
  }

  /** A market order whose `amount` is stock on both sides. */
  orderStockMarket(params: Params<typeof orderStockMarket>): Promise<Order> {
    return this.privatePost(orderStockMarket.path, params);
  }

  orderStopLimit(params: Params<typeof orderStopLimit>): Promise<Order> {
    return this.privatePost(orderStopLimit.path, params);
  }

  orderStopMarket(params: Params<typeof orderStopMarket>): Promise<Order> {
    return this.privatePost(orderStopMarket.path, params);
  }

  /** Cancels by exactly one of `orderId` / `clientOrderId`; answers the final order. */
  orderCancel(params: Params<typeof orderCancel>): Promise<Order> {
    return this.privatePost(orderCancel.path, params);
  }

  /** Replaces an open order by a new one (new id) with the figures given; answers `[newOrder]`. */
  orderModify(params: Params<typeof orderModify>): Promise<[Order]> {
    return this.privatePost(orderModify.path, params);
  }

  /** Places up to 20 limit orders; each item answers its order or its error. */
  orderBulk(params: Params<typeof orderBulk>): Promise<BulkItem<Order>[]> {
    return this.privatePost(orderBulk.path, params);
  }

  /** Cancels up to 100 orders; each item answers the cancelled order's ids or its error. */
  orderCancelBulk(
    params: Params<typeof orderCancelBulk>,
  ): Promise<BulkItem<{ orderId: number; clientOrderId: string; market: string }>[]> {
    return this.privatePost(orderCancelBulk.path, params);
  }

  orderCancelAll(params: Params<typeof orderCancelAll> = {}): Promise<[]> {
    return this.privatePost(orderCancelAll.path, params);
  }

  /** Open orders, newest first. */
  activeOrders(params: Params<typeof activeOrders> = {}): Promise<Order[]> {
    return this.privatePost(activeOrders.path, params);
  }

  /** Every non-zero spot balance. */
  tradeBalances(): Promise<Record<string, { available: string; freeze: string }>> {
    return this.privatePost(tradeBalance.path);
  }

  /** One asset's spot balance. */
  tradeBalance(ticker: string): Promise<{ available: string; freeze: string }> {
    return this.privatePost(tradeBalance.path, { ticker });
  }

  orderHistory(params: Params<typeof orderHistory> = {}): Promise<Static<typeof orderHistory.response>> {
    return this.privatePost(orderHistory.path, params);
  }

  executedHistory(params: Params<typeof executedHistory> = {}): Promise<Static<typeof executedHistory.response>> {
    return this.privatePost(executedHistory.path, params);
  }

  orderDeals(params: Params<typeof orderDeals>): Promise<Static<typeof orderDeals.response>> {
    return this.privatePost(orderDeals.path, params);
  }

  // --- collateral trading ---

  /** A collateral limit order: spot §4.3 fields, `positionSide`, `reduceOnly`, `rpi`, `stopLoss`/`takeProfit`. */
  collateralLimit(params: Params<typeof collateralLimit>): Promise<CollateralOrder> {
    return this.privatePost(collateralLimit.path, params);
  }

  /** A collateral market order; `amount` is stock on both sides. */
  collateralMarket(params: Params<typeof collateralMarket>): Promise<CollateralOrder> {
    return this.privatePost(collateralMarket.path, params);
  }

  collateralTriggerMarket(params: Params<typeof collateralTriggerMarket>): Promise<CollateralOrder> {
    return this.privatePost(collateralTriggerMarket.path, params);
  }

  collateralStopLimit(params: Params<typeof collateralStopLimit>): Promise<CollateralOrder> {
    return this.privatePost(collateralStopLimit.path, params);
  }

  /** Cancels an OTO group: its parent if open, and its live legs. */
  otoCancel(params: Params<typeof orderOtoCancel>): Promise<Static<typeof orderOtoCancel.response>> {
    return this.privatePost(orderOtoCancel.path, params);
  }

  collateralSummary(): Promise<CollateralSummary> {
    return this.privatePost(collateralSummary.path);
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

  /** The account's funding payments, newest first (dates in milliseconds). */
  collateralFundingHistory(
    params: Params<typeof collateralFundingHistory> = {},
  ): Promise<Static<typeof collateralFundingHistory.response>> {
    return this.privatePost(collateralFundingHistory.path, params);
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

  /** The caller's mining accounts, newest first; `name` picks one by exact name. */
  miningAccounts(filter: MiningPage & { readonly name?: string } = {}): Promise<MiningAccountsPage> {
    return this.privatePost(miningAccounts.path, { ...filter });
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

  /** Rewards paid to the caller's mining accounts, newest first; `from`/`to` in Unix seconds. */
  miningRewards(
    filter: MiningPage & { readonly account?: string; readonly from?: number; readonly to?: number } = {},
  ): Promise<MiningRewardsPage> {
    return this.privatePost(miningRewards.path, { ...filter });
  }

  // --- streams ---

  /** A token for the WebSocket API's `authorize`, valid 15 minutes and bound to this client's key. */
  websocketToken(): Promise<Static<typeof websocketToken.response>> {
    return this.privatePost(websocketToken.path);
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
