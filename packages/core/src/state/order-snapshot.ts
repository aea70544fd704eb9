import type {
  ActivationCondition,
  Order,
  OrderSide,
  OrderStatus,
  OrderType,
  OrderView,
  OtoLink,
  PositionSide,
  StpMode,
  TradingAccount,
} from './order.js';

/**
 * An open order as it stood when a command answered it. Only the figures that change while an order
 * is open are copied; what is fixed for its life is read from the order itself. Nearly every order
 * placed answers with one of these, and the caller reads it after later commands may have filled
 * the order: so it copies the ten fields that can still change, not all thirty.
 *
 * The getters are spelled out here rather than shared with Order (a base class or a mixin): a getter
 * shared by both classes would see both shapes, and every read of an order's flags in matching
 * would turn polymorphic.
 */
export class OrderSnapshot implements OrderView {
  readonly amount: number;
  readonly left: number;
  readonly dealStock: number;
  readonly dealNotional: bigint;
  readonly dealFee: bigint;
  readonly feeExact: bigint;
  readonly hold: bigint;
  readonly activated: number;
  readonly status: OrderStatus;
  readonly finished: number | null;

  constructor(private readonly order: Order) {
    this.amount = order.amount;
    this.left = order.left;
    this.dealStock = order.dealStock;
    this.dealNotional = order.dealNotional;
    this.dealFee = order.dealFee;
    this.feeExact = order.feeExact;
    this.hold = order.hold;
    this.activated = order.activated;
    this.status = order.status;
    this.finished = order.finished;
  }

  get id(): number {
    return this.order.id;
  }

  get user(): string {
    return this.order.user;
  }

  get account(): TradingAccount {
    return this.order.account;
  }

  get market(): string {
    return this.order.market;
  }

  get side(): OrderSide {
    return this.order.side;
  }

  get type(): OrderType {
    return this.order.type;
  }

  get clientOrderId(): string {
    return this.order.clientOrderId;
  }

  get price(): number {
    return this.order.price;
  }

  get byMoney(): boolean {
    return this.order.byMoney;
  }

  get hidden(): boolean {
    return this.order.hidden;
  }

  get created(): number {
    return this.order.created;
  }

  get postOnly(): boolean {
    return this.order.postOnly;
  }

  get ioc(): boolean {
    return this.order.ioc;
  }

  get stp(): StpMode {
    return this.order.stp;
  }

  get activationPrice(): number {
    return this.order.activationPrice;
  }

  get activationPriceText(): string {
    return this.order.activationPriceText;
  }

  get activationCondition(): ActivationCondition | null {
    return this.order.activationCondition;
  }

  get positionSide(): PositionSide {
    return this.order.positionSide;
  }

  get reduceOnly(): boolean {
    return this.order.reduceOnly;
  }

  get rpi(): boolean {
    return this.order.rpi;
  }

  get oto(): OtoLink | null {
    return this.order.oto;
  }
}

/** An open order as it stands now, for a command's answer. */
export function viewOf(order: Order): OrderView {
  return new OrderSnapshot(order);
}
