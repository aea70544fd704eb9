import type { Price } from '../spec/market.js';
import type { PositionSide } from '../state/order.js';

/** A perpetual's funding period settled. Amounts in minor units of the money asset. */
export interface FundingSettled {
  readonly type: 'FundingSettled';
  readonly market: string;
  /** Over RATE_SCALE, signed: positive, longs paid shorts. */
  readonly rate: bigint;
  /** The mark price the notionals were taken at, in ticks. */
  readonly markPrice: Price;
  /** Microseconds: when it settled, and where the period it closes began. */
  readonly settledAt: number;
  readonly periodStart: number;
  /** What the paying side paid, what the receiving side received, and the rounding residue (to the fee account). */
  readonly paid: bigint;
  readonly received: bigint;
  readonly residue: bigint;
}

/** One position's part of a settlement: `amount` is what its account gained (negative: paid). */
export interface FundingPaid {
  readonly type: 'FundingPaid';
  readonly user: string;
  readonly market: string;
  readonly positionId: number;
  readonly positionSide: PositionSide;
  /** Lots, negative for a short. */
  readonly size: number;
  readonly rate: bigint;
  readonly markPrice: Price;
  readonly amount: bigint;
  /** Microseconds: the settlement, and the start of the period it closed. */
  readonly settledAt: number;
  readonly periodStart: number;
}

/** What the insurance fund paid into (negative) or received from (positive) a liquidated account, per asset. */
export interface InsuranceMove {
  readonly ticker: string;
  readonly amount: bigint;
}

/**
 * An account fell below its maintenance margin: its collateral orders were cancelled and its
 * positions closed at market. `complete` once no position is left; only then are the shortfall
 * covered and the clearance fee taken.
 */
export interface AccountLiquidated {
  readonly type: 'AccountLiquidated';
  readonly user: string;
  readonly positionIds: readonly number[];
  readonly complete: boolean;
  readonly insurance: readonly InsuranceMove[];
  readonly time: number;
}
