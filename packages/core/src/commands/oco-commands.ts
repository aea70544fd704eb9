import type { OrderSide, OrderView, PositionSide, StpMode } from '../state/order.js';

/**
 * Places an OCO group on a collateral market (exchange docs, `order/collateral/oco`): a limit leg at
 * `price` (the take-profit) and a stop-limit leg that rests at `stopLimitPrice` once a trade reaches
 * `activationPrice` (the stop-loss), both on `side` for `amount` lots. A buy group buys below the
 * stop (price < activation, which lies above the last trade: `gte`); a sell group the reverse.
 * Prices in ticks; the edge has checked the market's limits.
 */
export interface PlaceOco {
  readonly type: 'PlaceOco';
  readonly user: string;
  readonly market: string;
  readonly side: OrderSide;
  readonly amount: number;
  readonly price: number;
  readonly activationPrice: number;
  readonly activationPriceText: string;
  readonly stopLimitPrice: number;
  /** The legs' own client ids ('' for none); two given must differ. */
  readonly limitClientOrderId: string;
  readonly stopClientOrderId: string;
  readonly stp: StpMode;
  readonly positionSide?: PositionSide;
  readonly reduceOnly?: boolean;
}

/** The group as placed: its legs as they stand after placement (the limit leg may have traded). */
export interface OcoPlaced {
  readonly id: number;
  readonly stopLoss: OrderView;
  readonly takeProfit: OrderView;
}

/**
 * Cancels a live OCO group of a user on a market (`order/oco-cancel`), by the group's id or by the
 * client order id of either leg: both legs are cancelled.
 */
export interface CancelOco {
  readonly type: 'CancelOco';
  readonly user: string;
  readonly market: string;
  readonly ocoId?: number;
  readonly clientOrderId?: string;
}

export type OcoCancelled = OcoPlaced;
