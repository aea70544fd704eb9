import type { AssetSpec } from '../spec/asset.js';
import type { MarketSpec } from '../spec/market.js';
import type { MiningAccountCreated, MiningPayoutDestinationSet, MiningRewardCredited } from './mining-events.js';
import type {
  DeleveragedParty,
  HedgeModeSet,
  LendingPoolFunded,
  LeverageSet,
  PositionChanged,
  PositionDeleveraged,
} from './collateral-events.js';
import type { AccountLiquidated, FundingPaid, FundingSettled, InsuranceMove } from './funding-events.js';
import type { CodeApplied, CodeCreated } from './code-events.js';
import type { DepositAddress } from '../state/deposit-address.js';
import type { PendingWithdrawal } from '../state/withdrawal.js';
import type { HeldWithdrawal } from '../state/held-withdrawals.js';
import type { OrderView } from '../state/order.js';

/** What a command changed, for projections (history tables) and, later, streams. */
export type Event =
  | AssetDefined
  | MarketDefined
  | UserCreated
  | DepositCredited
  | Transferred
  | MiningAccountCreated
  | MiningPayoutDestinationSet
  | MiningRewardCredited
  | DepositAddressAssigned
  | WithdrawalRequested
  | WithdrawalCompleted
  | WithdrawalCancelled
  | WithdrawalHeld
  | HeldWithdrawalConfirmed
  | HeldWithdrawalExpired
  | TradeExecuted
  | OrderFinished
  | StopActivated
  | IndexPriceSet
  | PositionChanged
  | LeverageSet
  | HedgeModeSet
  | LendingPoolFunded
  | FundingSettled
  | FundingPaid
  | AccountLiquidated
  | CodeCreated
  | CodeApplied
  | PositionDeleveraged
  | UserFeeSet;

export type { AccountLiquidated, FundingPaid, FundingSettled, InsuranceMove };
export type { CodeApplied, CodeCreated };
export type { MiningAccountCreated, MiningPayoutDestinationSet, MiningRewardCredited };
export type { DeleveragedParty, HedgeModeSet, LendingPoolFunded, LeverageSet, PositionChanged, PositionDeleveraged };

export interface AssetDefined {
  readonly type: 'AssetDefined';
  readonly asset: AssetSpec;
}

export interface MarketDefined {
  readonly type: 'MarketDefined';
  readonly market: MarketSpec;
}

export interface UserCreated {
  readonly type: 'UserCreated';
  readonly user: string;
  readonly eea: boolean;
}

export interface DepositCredited {
  readonly type: 'DepositCredited';
  readonly transactionId: string;
  readonly user: string;
  readonly ticker: string;
  readonly amount: bigint;
  /** Kept by the venue out of `amount`; the user is credited amount − fee. */
  readonly fee: bigint;
  readonly network: string | null;
  readonly txid: string | null;
  readonly address: string | null;
  readonly memo: string | null;
  readonly time: number;
}

export type AccountKind = 'main' | 'spot' | 'collateral';

export interface Transferred {
  readonly type: 'Transferred';
  readonly user: string;
  readonly ticker: string;
  readonly amount: bigint;
  readonly from: AccountKind;
  readonly to: AccountKind;
  readonly time: number;
}

export interface DepositAddressAssigned {
  readonly type: 'DepositAddressAssigned';
  readonly user: string;
  readonly ticker: string;
  readonly network: string;
  readonly address: DepositAddress;
}

export interface WithdrawalRequested {
  readonly type: 'WithdrawalRequested';
  readonly withdrawal: PendingWithdrawal;
}

/** What a partial payout processed, in minor units. */
export interface PartialPayout {
  readonly requestAmount: bigint;
  readonly processedAmount: bigint;
  readonly processedFee: bigint;
  /** Returned to the main balance. */
  readonly refund: bigint;
}

export interface WithdrawalCompleted {
  readonly type: 'WithdrawalCompleted';
  readonly transactionId: string;
  readonly user: string;
  readonly ticker: string;
  readonly transactionHash: string | null;
  /** Null when paid out in full. */
  readonly partial: PartialPayout | null;
  readonly time: number;
}

export interface WithdrawalCancelled {
  readonly type: 'WithdrawalCancelled';
  readonly transactionId: string;
  readonly user: string;
  readonly ticker: string;
  readonly refund: bigint;
  readonly reason: string | null;
  readonly time: number;
}

/** A sub-account's withdrawal now waits for its main account; `fee` is what it would cost as requested. */
export interface WithdrawalHeld {
  readonly type: 'WithdrawalHeld';
  readonly withdrawal: HeldWithdrawal;
  readonly fee: bigint;
}

/** A held withdrawal confirmed by the main account: from now on a pending withdrawal like any other. */
export interface HeldWithdrawalConfirmed {
  readonly type: 'HeldWithdrawalConfirmed';
  readonly withdrawal: PendingWithdrawal;
  readonly time: number;
}

/** A held withdrawal its main account did not confirm in time: it ends, having moved nothing. */
export interface HeldWithdrawalExpired {
  readonly type: 'HeldWithdrawalExpired';
  readonly withdrawal: HeldWithdrawal;
  readonly time: number;
}

/**
 * One side of a trade: the order that traded. Only what is fixed for an order's life is read of it,
 * so the event carries the order itself rather than a copy.
 */
export type DealParty = Pick<OrderView, 'user' | 'account' | 'id' | 'clientOrderId' | 'side' | 'rpi'>;

/**
 * A trade: `lots` at the maker's `price` (ticks); `notional` exact in the market's fine unit; each
 * side's fee in money-asset minor units, charged to that side for this trade.
 */
export interface TradeExecuted {
  readonly type: 'TradeExecuted';
  readonly market: string;
  readonly tradeId: number;
  readonly price: number;
  readonly lots: number;
  readonly notional: bigint;
  readonly takerSide: 'buy' | 'sell';
  readonly time: number;
  readonly maker: DealParty;
  readonly makerFee: bigint;
  readonly taker: DealParty;
  readonly takerFee: bigint;
}

/** An order left the book or trigger list for good: filled, cancelled, or executed as far as it could. */
export interface OrderFinished {
  readonly type: 'OrderFinished';
  readonly order: OrderView;
  /**
   * Why a CANCELLED order was cancelled, where the reference names a status for it; null for every
   * other end. Told only here, never kept in the state: it changes nothing the engine decides.
   */
  readonly reason: CancelReason | null;
}

/**
 * What cancelled an order without its owner asking: self-trade prevention (the order, or the rest
 * of one that met its owner's), a closing order whose position closed or turned (`reduce-only`), or
 * a liquidation of its account. The orders a cancel takes with it (an OTO parent's legs, an OCO
 * leg's sibling) share its reason.
 */
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Every CancelReason, for readers of a reason stored as text. */
export const CANCEL_REASONS = ['stp', 'reduce-only', 'liquidation'] as const;

/** A stop's trigger price was reached: it now executes (same order id). */
export interface StopActivated {
  readonly type: 'StopActivated';
  readonly market: string;
  readonly user: string;
  readonly orderId: number;
  readonly time: number;
}

/** A user's own fee rates on a market (or every market: null) were set; null rates are the market's. */
export interface UserFeeSet {
  readonly type: 'UserFeeSet';
  readonly user: string;
  readonly market: string | null;
  readonly maker: bigint | null;
  readonly taker: bigint | null;
  readonly time: number;
}

export interface IndexPriceSet {
  readonly type: 'IndexPriceSet';
  readonly ticker: string;
  /** USDT over 10^INDEX_PRICE_DECIMALS. */
  readonly price: bigint;
  readonly time: number;
}
