import type { PositionSide } from '../state/order.js';

/**
 * A position changed (a fill opened, grew, reduced or closed it). Figures after the change: size in
 * lots (negative: short), basis and realized PnL in the market's fine unit, funding (interest on a
 * spot pair's loans) and fees in minor units of the money asset.
 */
export interface PositionChanged {
  readonly type: 'PositionChanged';
  readonly changeId: number;
  readonly user: string;
  readonly market: string;
  readonly positionId: number;
  readonly positionSide: PositionSide;
  readonly openedAt: number;
  readonly time: number;
  readonly size: number;
  readonly basis: bigint;
  readonly realizedTotal: bigint;
  readonly fundingTotal: bigint;
  /** The fill that changed it: its order and trade, price (ticks), lots (signed), and what it cost. */
  readonly orderId: number;
  readonly tradeId: number;
  readonly price: number;
  readonly lots: number;
  readonly fee: bigint;
  readonly funding: bigint;
  readonly realized: bigint;
  /**
   * `adl` when auto-deleveraging closed it against a liquidated position (no order: `orderId` and
   * `tradeId` are 0); absent for fills.
   */
  readonly source?: 'adl';
}

/**
 * A liquidated perpetual position the book and the insurance fund could not absorb was closed, for
 * `lots`, against an opposite position at the liquidated position's bankruptcy price (ticks):
 * auto-deleveraging. Both positions' changes follow as PositionChanged events with `source: 'adl'`.
 */
export interface PositionDeleveraged {
  readonly type: 'PositionDeleveraged';
  readonly market: string;
  readonly price: number;
  readonly lots: number;
  readonly time: number;
  readonly liquidated: DeleveragedParty;
  readonly counterparty: DeleveragedParty;
}

/** One side of an auto-deleveraging: whose position it was. */
export interface DeleveragedParty {
  readonly user: string;
  readonly positionId: number;
  readonly positionSide: PositionSide;
}

export interface LeverageSet {
  readonly type: 'LeverageSet';
  readonly user: string;
  readonly leverage: number;
  readonly time: number;
}

export interface HedgeModeSet {
  readonly type: 'HedgeModeSet';
  readonly user: string;
  readonly hedgeMode: boolean;
  readonly time: number;
}

/** An operator put money into the lending pool (an inflow, like a deposit). */
export interface LendingPoolFunded {
  readonly type: 'LendingPoolFunded';
  readonly ticker: string;
  readonly amount: bigint;
  readonly time: number;
}
