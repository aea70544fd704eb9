import type { PositionSide } from './order.js';

/**
 * A position: what an account's collateral orders on one market (and, in hedge mode, one side)
 * have bought minus what they have sold. On a spot pair the assets behind it sit in the collateral
 * account for real (and what was borrowed to pay for them is a loan); on a perpetual it is synthetic.
 */
export interface Position {
  readonly id: number;
  readonly market: string;
  readonly side: PositionSide;
  /** Lots, negative for a short. */
  size: number;
  /** What the open size cost, in the market's fine unit (see MarketUnits): the entry price × |size|. */
  basis: bigint;
  /** PnL realized by the reductions of this position so far, fine unit. */
  realized: bigint;
  /** Interest (spot pairs) or funding (perpetuals) paid over the position's life, money minor units; negative when received. */
  funding: bigint;
  /** Trading fees paid over the position's life, money minor units. */
  fees: bigint;
  /** Microseconds. */
  readonly openedAt: number;
  modifiedAt: number;
}

/**
 * What an account owes the lending pool because of one market's positions: principal per asset,
 * and interest accrued since the last payment. Interest is kept exact, in value units
 * (10^-VALUE_DECIMALS USDT) × rate (over RATE_SCALE) × microseconds, and paid in the market's
 * money asset at the next change of the position.
 */
export interface Loan {
  readonly principal: Map<string, bigint>;
  interest: bigint;
  /** Microseconds: interest is accrued up to here. */
  accruedAt: number;
}

/** An OTO group: a parent order whose fills arm a stop-loss and/or take-profit leg. */
export interface OtoGroup {
  readonly id: number;
  readonly user: string;
  readonly market: string;
  readonly parentId: number;
  /** Whether the parent is still open (its later fills grow the legs). */
  parentOpen: boolean;
  /** Lots the live legs close: the parent's fills since the legs were last armed. */
  covered: number;
  /** Live legs (waiting trigger orders), null until the parent fills. */
  stopLossId: number | null;
  takeProfitId: number | null;
  /**
   * Legs their owner cancelled: the parent's later fills arm no new one in their place. Set only
   * when true, so that groups from before it existed encode as they did.
   */
  stopLossCancelled?: true;
  takeProfitCancelled?: true;
}

/** One user's collateral account settings and obligations (its balances are `User.collateral`). */
export interface CollateralAccount {
  leverage: number;
  hedgeMode: boolean;
  /** By `positionKey(market, side)`. */
  readonly positions: Map<string, Position>;
  /** By market. */
  readonly loans: Map<string, Loan>;
}

/** Everything collateral trading adds to the state. */
export interface CollateralState {
  /**
   * By user. An account, once made, is never removed nor replaced by another object: the liquidation
   * check tells the accounts made while it runs by their place at the end of the map
   * (handlers/check-liquidations), and the names of the accounts holding positions are noted as a
   * position is made in an account (collateral/position-holders).
   */
  readonly accounts: Map<string, CollateralAccount>;
  nextPositionId: number;
  nextOtoId: number;
  nextChangeId: number;
  readonly otos: Map<number, OtoGroup>;
  /**
   * What open collateral orders have set aside of the lending pool, by order id: the part of the
   * order's hold that its owner will borrow when it fills. The rest of the hold is the owner's own.
   */
  readonly poolHolds: Map<number, bigint>;
  /** Σ poolHolds per asset: the part of the lending pool that is promised and cannot be lent again. */
  readonly poolReserved: Map<string, bigint>;
}

export const DEFAULT_LEVERAGE = 10;

export function createCollateralState(): CollateralState {
  return {
    accounts: new Map(),
    nextPositionId: 1,
    nextOtoId: 1,
    nextChangeId: 1,
    otos: new Map(),
    poolHolds: new Map(),
    poolReserved: new Map(),
  };
}

export function positionKey(market: string, side: PositionSide): string {
  return `${market}\u0000${side}`;
}

/** The account of a user, created with the defaults on first use. */
export function accountOf(collateral: CollateralState, user: string): CollateralAccount {
  let account = collateral.accounts.get(user);
  if (account === undefined) {
    account = { leverage: DEFAULT_LEVERAGE, hedgeMode: false, positions: new Map(), loans: new Map() };
    collateral.accounts.set(user, account);
  }
  return account;
}

/** The account if the user ever used collateral trading, without creating it (reads). */
export function peekAccount(collateral: CollateralState, user: string): CollateralAccount | undefined {
  return collateral.accounts.get(user);
}
