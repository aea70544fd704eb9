import type {
  OrderSide,
  OrderType,
  OrderView,
  PositionSide,
  StpMode,
  TradingAccount,
  TriggerPrice,
} from '../state/order.js';

/**
 * Places an order. Prices are ticks and amounts lots of the market, except the amount of a spot
 * market buy and stop-market buy, which is money (minor units) to spend. The edge has checked the
 * market's limits (minimum amount and total, steps); the engine checks what depends on state.
 * Collateral orders (account `collateral`) add position sides, reduce-only, RPI and OTO legs.
 */
export interface PlaceOrder {
  readonly type: 'PlaceOrder';
  readonly user: string;
  readonly account: TradingAccount;
  readonly market: string;
  readonly side: OrderSide;
  readonly orderType: OrderType;
  /** Ticks; 0 for market and stop-market orders. */
  readonly price: number;
  readonly amount: number;
  /** Stops: ticks, and the text submitted (echoed in replies). */
  readonly activationPrice: number;
  readonly activationPriceText: string;
  readonly clientOrderId: string;
  readonly postOnly: boolean;
  readonly ioc: boolean;
  readonly stp: StpMode;
  readonly positionSide?: PositionSide;
  readonly reduceOnly?: boolean;
  readonly rpi?: boolean;
  /** Collateral orders: the stop-loss and take-profit of an OTO group. */
  readonly stopLoss?: TriggerPrice;
  readonly takeProfit?: TriggerPrice;
}

/** A plain spot limit order (no flags, no client id, stp `no`): what seeds, drivers and tests place most. */
export function spotLimitOrder(
  user: string,
  market: string,
  side: OrderSide,
  price: number,
  amount: number,
  extra?: Partial<Omit<PlaceOrder, 'type' | 'user' | 'market' | 'side'>>,
): PlaceOrder {
  const cmd: PlaceOrder = {
    type: 'PlaceOrder',
    user,
    account: 'spot',
    market,
    side,
    orderType: 'limit',
    price,
    amount,
    activationPrice: 0,
    activationPriceText: '',
    clientOrderId: '',
    postOnly: false,
    ioc: false,
    stp: 'no',
  };
  // most callers add nothing: they get the literal, without the slow copy a spread makes
  return extra === undefined ? cmd : { ...cmd, ...extra };
}

/** A stock-market order (amount in lots on both sides, no flags, stp `no`): what jobs and liquidations send. */
export function stockMarketOrder(
  user: string,
  market: string,
  side: OrderSide,
  amount: number,
  extra: Partial<Omit<PlaceOrder, 'type' | 'user' | 'market' | 'side' | 'amount'>> = {},
): PlaceOrder {
  return spotLimitOrder(user, market, side, 0, amount, { orderType: 'stock market', ...extra });
}

/** Cancels one open order of a user on a market, by exactly one of its ids. */
export interface CancelOrder {
  readonly type: 'CancelOrder';
  readonly user: string;
  readonly market: string;
  readonly orderId?: number;
  readonly clientOrderId?: string;
}

/** Which orders `order/cancel/all` reaches, by the reference's `type` names. */
export type OrderKind = 'spot' | 'margin' | 'futures';

/** Cancels every open order of a user, on one market or all, of the kinds named (all when null). */
export interface CancelAllOrders {
  readonly type: 'CancelAllOrders';
  readonly user: string;
  readonly market: string | null;
  readonly kinds: readonly OrderKind[] | null;
}

/** Cancels an OTO group (`order/oto-cancel`): its parent if still open, and its live legs. */
export interface CancelOto {
  readonly type: 'CancelOto';
  readonly user: string;
  readonly market: string;
  readonly otoId: number;
}

export interface OtoCancelled {
  readonly otoId: number;
  readonly parentId: number;
  /** The parent as cancelled; null when it had already finished. */
  readonly parent: OrderView | null;
  readonly stopLoss: OrderView | null;
  readonly takeProfit: OrderView | null;
}
