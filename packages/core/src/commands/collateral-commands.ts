import type { FundingSettled } from '../events/funding-events.js';

/**
 * Sets the leverage of a user's collateral account (reference §6.5): one of LEVERAGES, applied to
 * every market (each clamped to its own maximum). It cannot change while the account has perpetual
 * positions or orders, nor lower the maintenance rate of a margin position (113): maintenance rates
 * follow the leverage, so raising it would move a position away from its liquidation. A leverage
 * under which the margin positions and open orders would need more margin than the equity is refused
 * (code 17), and so is one whose brackets the positions would exceed (111). The leverage already set
 * is always accepted. Journals from before rules version 2 are decided without the locks.
 */
export interface SetLeverage {
  readonly type: 'SetLeverage';
  readonly user: string;
  readonly leverage: number;
}

/**
 * Turns hedge mode of a user's collateral account on or off (reference §6.6). Hedge mode governs
 * perpetuals: while the account holds a futures position or an open futures order it cannot change
 * (code 113); asking for the mode already set always succeeds.
 */
export interface SetHedgeMode {
  readonly type: 'SetHedgeMode';
  readonly user: string;
  readonly hedgeMode: boolean;
}

/**
 * An operator puts money into the lending pool that margin positions borrow from. It comes from
 * outside the venue, so the ledger counts it as deposited: conservation holds.
 */
export interface FundLendingPool {
  readonly type: 'FundLendingPool';
  readonly ticker: string;
  readonly amount: bigint;
}

/**
 * Settles a perpetual's funding period: at or after the instant the period ends (`next_funding_rate_timestamp`),
 * or before it when `early` (operators and test suites). Longs pay shorts when the rate is positive,
 * shorts pay longs when it is negative, each position on its notional at the mark price.
 */
export interface SettleFunding {
  readonly type: 'SettleFunding';
  readonly market: string;
  readonly early: boolean;
}

export type FundingSettlement = Omit<FundingSettled, 'type'>;

/** Liquidates every account whose equity is below its maintenance margin at the mark prices now. */
export interface CheckLiquidations {
  readonly type: 'CheckLiquidations';
}
