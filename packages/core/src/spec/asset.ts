import type { FeeSpec } from './fee.js';

/** Inclusive bounds in the asset's minor units; 0 means no bound on that side. */
export interface AmountLimits {
  readonly min: bigint;
  readonly max: bigint;
}

/**
 * One way money moves in or out of an asset: a blockchain network for crypto (`ERC20`, `TRC20`),
 * a payment provider for fiat (`VISAMASTER`, `SEPA`). Its limits and fees are its own.
 */
export interface NetworkSpec {
  readonly name: string;
  /**
   * The address format and derivation family of the chain (`bitcoin`, `ethereum`, `tron`, `xrp`,
   * …); null for fiat providers. The engine does not interpret it; the wallet adapters do.
   */
  readonly chain: string | null;
  readonly canDeposit: boolean;
  readonly canWithdraw: boolean;
  readonly deposit: AmountLimits;
  readonly withdraw: AmountLimits;
  /**
   * Fiat providers: the maximum withdrawal when the request sets `partialEnable` (the provider may
   * then pay out part of it). 0 when the provider has no such limit.
   */
  readonly partialWithdrawMax: bigint;
  /** Block confirmations before a deposit is credited; null for fiat and where not published. */
  readonly confirmations: number | null;
  readonly depositFee: FeeSpec;
  readonly withdrawFee: FeeSpec;
  /**
   * Details a withdrawal request on this network must carry for the payment provider (reference
   * §7.4): the customer's IP for card payouts, the bank's BIC for SEPA-family transfers. Checked at
   * the edge; absent when none.
   */
  readonly withdrawalRequires?: readonly WithdrawalDetail[];
}

/** A request field some providers need with a withdrawal (see NetworkSpec.withdrawalRequires). */
export type WithdrawalDetail = 'customerIp' | 'bankBic';

/** An asset the venue holds: a crypto coin or token, a fiat currency or a fiat payment ticker. */
export interface AssetSpec {
  readonly ticker: string;
  readonly name: string;
  /** Decimal places of the asset's minor unit: balances of this asset are integers of 10^-precision. */
  readonly precision: number;
  readonly kind: 'crypto' | 'fiat';
  readonly canDeposit: boolean;
  readonly canWithdraw: boolean;
  /** CoinMarketCap id (0 when it has none). */
  readonly cmcId: number;
  /** Trading fees shown with the asset, as rates over RATE_SCALE. */
  readonly makerFee: bigint;
  readonly takerFee: bigint;
  /** Deposits carry a memo (destination tag) / withdrawals require one. */
  readonly memo: { readonly deposit: boolean; readonly withdraw: boolean };
  /** Networks for crypto, providers for fiat; in the order they are listed. */
  readonly networks: readonly NetworkSpec[];
  /** The network used when a request names none; null when there is no default. */
  readonly defaultNetwork: string | null;
  /** Withdrawals must describe their beneficiary (fiat payment tickers, reference §7.4). */
  readonly beneficiaryRequired: boolean;
}

/**
 * An asset with no deposit or withdrawal networks: funds only enter it through network-less credits.
 * Benchmarks and tests of trading use it; a real venue defines its assets in full.
 */
export function assetWithoutNetworks(ticker: string, precision: number): AssetSpec {
  return {
    ticker,
    name: ticker,
    precision,
    kind: 'crypto',
    canDeposit: true,
    canWithdraw: true,
    cmcId: 0,
    makerFee: 0n,
    takerFee: 0n,
    memo: { deposit: false, withdraw: false },
    networks: [],
    defaultNetwork: null,
    beneficiaryRequired: false,
  };
}

export function networkOf(asset: AssetSpec, name: string): NetworkSpec | undefined {
  return asset.networks.find((n) => n.name === name);
}

/**
 * The network a request means: the one it names, else the asset's default, else the only one.
 * Undefined when the name is unknown or the choice is ambiguous.
 */
export function resolveNetwork(asset: AssetSpec, name: string | null): NetworkSpec | undefined {
  if (name !== null) return networkOf(asset, name);
  if (asset.defaultNetwork !== null) return networkOf(asset, asset.defaultNetwork);
  return asset.networks.length === 1 ? asset.networks[0] : undefined;
}
