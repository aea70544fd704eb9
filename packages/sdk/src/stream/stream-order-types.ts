import type { StreamOrder } from './stream-account-types.js';

/** What every placement takes (websocket spec §9.2): decimals as strings, as REST takes them. */
interface PlacementParams {
  readonly market: string;
  readonly side: 'buy' | 'sell';
  readonly amount: string;
  readonly client_order_id?: string;
  /** Self-trade prevention: `no` (the default), `cancel_both`, `cancel_new`, `cancel_old`. */
  readonly stp?: string;
}

/** What a collateral placement adds. */
interface PositionParams {
  readonly reduce_only?: boolean;
  readonly position_side?: 'LONG' | 'SHORT' | 'BOTH';
}

export interface StreamLimitParams extends PlacementParams {
  readonly price: string;
  readonly post_only?: boolean;
  readonly ioc?: boolean;
  readonly rpi?: boolean;
}

export interface StreamStopLimitParams extends PlacementParams {
  readonly activation_price: string;
  readonly price: string;
}

export interface StreamStopMarketParams extends PlacementParams {
  readonly activation_price: string;
}

/** `bbo_role` 1: a maker at its own side's best price (post-only); 2: a taker at the other side's best. */
export interface StreamBboParams extends PlacementParams {
  readonly bbo_role: 1 | 2;
  readonly ioc?: boolean;
  readonly post_only?: boolean;
}

export interface StreamOcoParams extends PositionParams {
  readonly market: string;
  readonly side: 'buy' | 'sell';
  readonly amount: string;
  /** The take-profit leg's limit price. */
  readonly price: string;
  /** The stop-loss leg's trigger, and the price it then rests at. */
  readonly activation_price: string;
  readonly stop_limit_price: string;
  readonly limit_client_order_id?: string;
  readonly stop_client_order_id?: string;
  readonly stp?: string;
}

/** The trigger order types `collateral_order_oto_place` places, each with its method's params. */
export type StreamOtoTrigger =
  | {
      readonly trigger_order_type: 'margin_limit';
      readonly trigger_order: Omit<StreamLimitParams, 'rpi'> & PositionParams;
    }
  | { readonly trigger_order_type: 'margin_market'; readonly trigger_order: PlacementParams & PositionParams }
  | { readonly trigger_order_type: 'margin_stop_limit'; readonly trigger_order: StreamStopLimitParams & PositionParams }
  | {
      readonly trigger_order_type: 'margin_stop_market';
      readonly trigger_order: StreamStopMarketParams & PositionParams;
    }
  | { readonly trigger_order_type: 'margin_bbo'; readonly trigger_order: StreamBboParams & PositionParams };

/** Its exits: take-profit and stop-loss prices, as the conditional order type names them. */
export type StreamOtoParams = StreamOtoTrigger &
  (
    | { readonly conditional_order_type: 'margin_market_oco'; readonly take_profit: string; readonly stop_loss: string }
    | { readonly conditional_order_type: 'margin_take_profit'; readonly take_profit: string }
    | { readonly conditional_order_type: 'margin_stop_loss'; readonly stop_loss: string }
  );

/** The order named by its id, or by its client id (which wins when both are given). */
export type StreamOrderRef =
  | { readonly market: string; readonly order_id: number; readonly client_order_id?: string }
  | { readonly market: string; readonly client_order_id: string; readonly order_id?: number };

/** At least one change: `amount` or `total` (money), `price`, `activation_price`. */
export type StreamModifyParams = StreamOrderRef & {
  readonly amount?: string;
  readonly total?: string;
  readonly price?: string;
  readonly activation_price?: string;
};

/** An OCO group as placed or cancelled. */
export interface StreamOcoGroup {
  readonly type: 'oco';
  readonly id: number;
  readonly stop_loss: StreamOrder;
  readonly take_profit: StreamOrder;
}

/** An OTO group as placed: the trigger order and the exits it will arm when it fills. */
export interface StreamOtoPlaced {
  readonly type: 'oto';
  /** Null when the trigger order filled at once and left nothing to guard. */
  readonly id: number | null;
  readonly conditional_order_type: string;
  readonly take_profit_price: string | null;
  readonly stop_loss_price: string | null;
  readonly trigger_order: StreamOrder;
}

/** An OTO group as cancelled: its orders as they ended, null where none was left. */
export interface StreamOtoCancelled {
  readonly type: 'oto';
  readonly id: number;
  readonly trigger_order: StreamOrder | null;
  readonly stop_loss: StreamOrder | null;
  readonly take_profit: StreamOrder | null;
}

/**
 * The order methods (websocket spec §9.2) that txc serves, by name: the one params object each
 * takes and what it answers (docs/decisions.md, "WebSocket order methods").
 */
export interface StreamOrderMethods {
  order_limit_place: { params: StreamLimitParams; result: StreamOrder };
  order_market_place: { params: PlacementParams; result: StreamOrder };
  order_market_stock_place: { params: PlacementParams; result: StreamOrder };
  order_stop_limit_place: { params: StreamStopLimitParams; result: StreamOrder };
  order_stop_market_place: { params: StreamStopMarketParams; result: StreamOrder };
  order_bbo_place: { params: StreamBboParams; result: StreamOrder };
  collateral_order_limit_place: { params: StreamLimitParams & PositionParams; result: StreamOrder };
  collateral_order_market_place: { params: PlacementParams & PositionParams; result: StreamOrder };
  collateral_order_stop_limit_place: { params: StreamStopLimitParams & PositionParams; result: StreamOrder };
  collateral_order_stop_market_place: { params: StreamStopMarketParams & PositionParams; result: StreamOrder };
  collateral_order_bbo_place: { params: Omit<StreamBboParams, 'post_only'> & PositionParams; result: StreamOrder };
  collateral_order_oco_place: { params: StreamOcoParams; result: StreamOcoGroup };
  collateral_order_oto_place: { params: StreamOtoParams; result: StreamOtoPlaced };
  order_modify: { params: StreamModifyParams; result: StreamOrder };
  order_cancel: { params: StreamOrderRef; result: StreamOrder };
  order_cancel_conditional: {
    params: { readonly market: string; readonly order_id: number };
    result: StreamOcoGroup | StreamOtoCancelled;
  };
  order_cancel_all: {
    params: { readonly market: string; readonly type: readonly ('spot' | 'margin' | 'futures')[] };
    result: Record<string, never>;
  };
}

export type StreamOrderMethod = keyof StreamOrderMethods;
