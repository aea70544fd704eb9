/** `side` in the account streams: 1 sell, 2 buy. */
export type StreamSide = 1 | 2;

/** One spot balance (`balanceSpot_update`, `balanceSpot_request`), keyed by ticker. */
export interface StreamSpotBalance {
  readonly available: string;
  readonly freeze: string;
}

/** One collateral balance as `balanceMargin_update` pushes it (short keys). */
export interface StreamMarginBalance {
  /** Asset. */
  readonly a: string;
  /** Balance: what the account holds. */
  readonly B: string;
  /** Borrowed. */
  readonly b: string;
  /** Available without borrowing. */
  readonly av: string;
  /** Available with borrowing. */
  readonly ab: string;
}

/** An order as `ordersPending_update` carries it (websocket spec §7.1). */
export interface StreamOrder {
  readonly id: number;
  readonly market: string;
  /** 1 limit, 2 market, 202 market in stock, 3 stop limit, 4 stop market; 7–10 their margin forms. */
  readonly type: number;
  readonly side: StreamSide;
  readonly post_only: boolean;
  readonly ioc: boolean;
  readonly ctime: number;
  readonly mtime: number;
  readonly price: string;
  readonly amount: string;
  readonly left: string;
  readonly deal_stock: string;
  readonly deal_money: string;
  readonly deal_fee: string;
  readonly client_order_id: string;
  readonly stp: string;
  /**
   * OPEN, PARTIALLY_FILLED, FILLED, CANCELED, or for a cancel the engine made: CANCELED_STP,
   * AUTO_CANCELED_REDUCE_ONLY, AUTO_CANCELED_LIQUIDATION.
   */
  readonly status: string;
  readonly position_side: 'LONG' | 'SHORT' | 'BOTH';
  readonly rpi: boolean;
  readonly reduce_only: boolean;
  /** Stops only. */
  readonly activation_price?: string;
  readonly activation_condition?: 'gte' | 'lte' | null;
  readonly activated?: 0 | 1;
}

/** A finished order as `ordersExecuted_update` carries it (websocket spec §7.5). */
export interface StreamExecutedOrder extends Omit<
  StreamOrder,
  'activation_price' | 'activation_condition' | 'activated'
> {
  readonly ftime: number;
  readonly source: string;
  readonly fee_asset: string;
}

/** `deals_update`: `[id, time, market, order_id, price, amount, fee, client_order_id, side, role, fee_asset]`. */
export type StreamDeal = [
  id: number,
  time: number,
  market: string,
  orderId: number,
  price: string,
  amount: string,
  fee: string,
  clientOrderId: string,
  side: StreamSide,
  role: 1 | 2,
  feeAsset: string,
];

/** An open position (`positionsMargin_update`, `positionsAccountMargin_update`). */
export interface StreamPosition {
  readonly id: number;
  readonly market: string;
  readonly ctime: number;
  readonly mtime: number;
  /** Negative for a short. */
  readonly amount: string;
  readonly amount_in_money: string;
  readonly base_price: string | null;
  readonly pnl: string;
  readonly liq_price: string | null;
  readonly liq_stage: 'margin_call' | 'liquidation' | null;
  readonly unrealized_funding: string;
  readonly funding: string;
  readonly margin: string;
  readonly free_margin: string;
  readonly realized_pnl: string;
  readonly position_side: 'LONG' | 'SHORT' | 'BOTH';
}

/** A borrow (`borrowsMargin_update`, `borrowsAccountMargin_update`). */
export interface StreamBorrow {
  readonly asset: string;
  readonly ctime: number;
  readonly mtime: number;
  /** Negative: what is owed. */
  readonly amount: string;
  readonly unrealized_funding: string;
  readonly liq_price: string | null;
}

/** `{total, records}`: the whole account, as the snapshot channels push it. */
export interface StreamAccountSnapshot<T> {
  readonly total: number;
  readonly records: T[];
}

/** The `params` of each account channel's `<channel>_update`. */
export interface StreamAccountUpdates {
  balanceSpot: [Record<string, StreamSpotBalance>];
  balanceMargin: StreamMarginBalance[];
  ordersPending: [event: 1 | 2 | 3, order: StreamOrder];
  ordersExecuted: [StreamExecutedOrder];
  deals: StreamDeal;
  positionsMargin: StreamAccountSnapshot<StreamPosition>;
  positionsAccountMargin: [event: 1 | 2, position: StreamPosition];
  borrowsMargin: StreamAccountSnapshot<StreamBorrow>;
  borrowsAccountMargin: [event: 1 | 2, borrow: StreamBorrow];
  ADLQuantile: StreamAdlQuantile[];
}

/**
 * `[market, long, short]`: the account's auto-deleveraging quantile on a perpetual, 0 (last to be
 * deleveraged) to 4, per side; null on a side without a position.
 */
export type StreamAdlQuantile = [market: string, long: number | null, short: number | null];
