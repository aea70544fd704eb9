import type { BookEntry, Side } from '../book/book.js';
import type { SpotBalance } from './user.js';

export type OrderSide = Side;

/** The order types of the API (`type` in responses). */
export type OrderType = 'limit' | 'market' | 'stock market' | 'stop limit' | 'stop market';

/** Self-trade prevention, abbreviated as responses show it. */
export type StpMode = 'no' | 'cb' | 'cn' | 'co';

/**
 * Which account an order trades for. Spot orders hold and settle in the spot (trade) account;
 * collateral orders (margin on spot pairs, perpetuals) match on the same books and settle in the
 * collateral account.
 */
export type TradingAccount = 'spot' | 'collateral';

export type PositionSide = 'LONG' | 'SHORT' | 'BOTH';

export type ActivationCondition = 'gte' | 'lte';

/** A stop-loss or take-profit price: ticks, and the text submitted (echoed in replies). */
export interface TriggerPrice {
  readonly ticks: number;
  readonly text: string;
}

/**
 * How an order belongs to an OTO group: the parent (whose fills arm the legs) or one of its legs.
 * Immutable, so orders share it by reference.
 */
export interface OtoLink {
  readonly id: number;
  readonly role: 'parent' | 'stopLoss' | 'takeProfit';
  readonly stopLoss: TriggerPrice | null;
  readonly takeProfit: TriggerPrice | null;
}

export type OrderStatus = 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELLED';

/**
 * What an order was placed with beyond its figures and ids: its flags, a stop's trigger, and the
 * terms of a collateral order. Most orders are plain limit orders, so orders placed with the same
 * options and no trigger or OTO group share one immutable object (see `orderOptions`): a resting
 * order carries one reference instead of ten fields, and is that much cheaper to keep and to move.
 */
export interface OrderOptions {
  readonly postOnly: boolean;
  readonly ioc: boolean;
  readonly stp: StpMode;
  /** Stops: the trigger in ticks (0 for other orders), the text submitted, the condition set at placement. */
  readonly activationPrice: number;
  readonly activationPriceText: string;
  readonly activationCondition: ActivationCondition | null;
  readonly positionSide: PositionSide;
  readonly reduceOnly: boolean;
  readonly rpi: boolean;
  /** The OTO group an order belongs to (collateral trading), or null. */
  readonly oto: OtoLink | null;
}

const STP_MODES: readonly StpMode[] = ['no', 'cb', 'cn', 'co'];
const POSITION_SIDES: readonly PositionSide[] = ['BOTH', 'LONG', 'SHORT'];

/** The shared options of orders without a trigger or OTO group, by their flags (see `orderOptions`). */
const sharedOptions: (OrderOptions | undefined)[] = [];

function copyOptions(options: OrderOptions): OrderOptions {
  return {
    postOnly: options.postOnly,
    ioc: options.ioc,
    stp: options.stp,
    activationPrice: options.activationPrice,
    activationPriceText: options.activationPriceText,
    activationCondition: options.activationCondition,
    positionSide: options.positionSide,
    reduceOnly: options.reduceOnly,
    rpi: options.rpi,
    oto: options.oto,
  };
}

/**
 * The options object for these options: the shared one when there is no trigger and no OTO group
 * (looked up by the flags, so that placing a plain order allocates nothing for it), else a copy.
 */
export function orderOptions(options: OrderOptions): OrderOptions {
  const stp = STP_MODES.indexOf(options.stp);
  const positionSide = POSITION_SIDES.indexOf(options.positionSide);
  const plain =
    options.activationPrice === 0 && options.activationPriceText === '' && options.activationCondition === null;
  if (!plain || options.oto !== null || stp < 0 || positionSide < 0) return copyOptions(options);
  const flags =
    (options.postOnly ? 1 : 0) | (options.ioc ? 2 : 0) | (options.reduceOnly ? 4 : 0) | (options.rpi ? 8 : 0);
  return (sharedOptions[flags + 16 * (stp + 4 * positionSide)] ??= Object.freeze(copyOptions(options)));
}

/**
 * An open order: resting in a book, or waiting in a trigger list. It is its own book entry (the
 * fast book links it in place), so resting costs no allocation beyond the order.
 *
 * Units: `price`, `activationPrice` in ticks; `amount`, `left` in lots, except for orders whose
 * amount is money (market buy, stop-market buy: `byMoney`), where they are minor units of the money
 * asset. `dealNotional` is the exact traded value in the market's fine unit (see MarketUnits);
 * `dealFee` and `hold` are minor units.
 */
export class Order implements BookEntry {
  readonly id: number;
  readonly user: string;
  readonly account: TradingAccount;
  readonly market: string;
  readonly side: OrderSide;
  readonly type: OrderType;
  readonly clientOrderId: string;
  readonly price: number;
  /** Fixed at placement, except that collateral reduce-only orders and OTO legs follow their position's size. */
  amount: number;
  readonly byMoney: boolean;
  left: number;
  readonly hidden: boolean;
  /** Lots bought or sold so far. */
  dealStock = 0;
  dealNotional = 0n;
  dealFee = 0n;
  /** Buy orders: Σ notional × fee rate of every fill, for cumulative fee rounding. */
  feeExact = 0n;
  /** What the order still holds in its account: money for buys, stock for sells. */
  hold = 0n;
  /** Microseconds since the Unix epoch. */
  readonly created: number;
  readonly options: OrderOptions;
  /**
   * Stops: 0 while waiting, then when they triggered, in microseconds (the order history shows it);
   * 1 in records and snapshots written before that time was kept. Other orders: 0.
   */
  activated = 0;
  /** NEW or PARTIALLY_FILLED while open; FILLED or CANCELLED once finished. */
  status: OrderStatus = 'NEW';
  /** Microseconds; set when the order finishes, after which it never changes again. */
  finished: number | null = null;
  prev: BookEntry | null = null;
  next: BookEntry | null = null;
  level: unknown = null;
  /**
   * Spot orders: the owner's spot balances that the order holds in and receives into, found on first
   * use and kept, so that fills and releases need no look-up of user and asset (never encoded; a
   * balance object lives as long as its user, and an order restored from a snapshot finds its own).
   */
  heldFunds: SpotBalance | null = null;
  proceedsFunds: SpotBalance | null = null;

  constructor(id: number, terms: OrderTerms, created: number, options: OrderOptions, placement: Placement) {
    this.id = id;
    this.user = terms.user;
    this.account = terms.account;
    this.market = terms.market;
    this.side = terms.side;
    this.type = terms.orderType;
    this.clientOrderId = terms.clientOrderId;
    this.price = terms.price;
    this.amount = placement.amount;
    this.byMoney = placement.byMoney;
    this.left = placement.amount;
    this.hidden = options.rpi;
    this.created = created;
    this.options = options;
  }

  get postOnly(): boolean {
    return this.options.postOnly;
  }

  get ioc(): boolean {
    return this.options.ioc;
  }

  get stp(): StpMode {
    return this.options.stp;
  }

  get activationPrice(): number {
    return this.options.activationPrice;
  }

  get activationPriceText(): string {
    return this.options.activationPriceText;
  }

  get activationCondition(): ActivationCondition | null {
    return this.options.activationCondition;
  }

  get positionSide(): PositionSide {
    return this.options.positionSide;
  }

  get reduceOnly(): boolean {
    return this.options.reduceOnly;
  }

  get rpi(): boolean {
    return this.options.rpi;
  }

  get oto(): OtoLink | null {
    return this.options.oto;
  }
}

/** The fields of an order that are links and caches, not data: never encoded, never shown. */
type OrderInternals = 'prev' | 'next' | 'level' | 'heldFunds' | 'proceedsFunds' | 'options';

/** The fields of an order that are data (no book links): what snapshots hold and replies show. */
export type OrderData = Omit<Order, OrderInternals>;

/**
 * An order as commands answer it and events carry it: a snapshot of an open order at that moment, or
 * a finished order itself (which never changes again, so it needs no copy).
 */
export type OrderView = Readonly<OrderData>;

/** What an order is placed with, named as a PlaceOrder command names it: a command is its own terms. */
export interface OrderTerms {
  readonly user: string;
  readonly account: TradingAccount;
  readonly market: string;
  readonly side: OrderSide;
  readonly orderType: OrderType;
  readonly clientOrderId: string;
  readonly price: number;
  readonly postOnly: boolean;
  readonly ioc: boolean;
  readonly stp: StpMode;
  readonly activationPrice: number;
  readonly activationPriceText: string;
}

/** What placing an order decides beyond its terms. */
export type Placement = Pick<OrderData, 'amount' | 'byMoney' | 'positionSide' | 'reduceOnly' | 'rpi' | 'oto'>;

/**
 * A new open order with nothing dealt or held yet; RPI orders rest hidden, and only a stop (an order
 * with an activation condition) keeps the text of its activation price. The order is built from its
 * terms where they stand (the command itself, usually) rather than from a copy of them.
 */
export function newOrder(
  id: number,
  terms: OrderTerms,
  created: number,
  condition: ActivationCondition | null,
  placement: Placement,
): Order {
  const options = orderOptions({
    postOnly: terms.postOnly,
    ioc: terms.ioc,
    stp: terms.stp,
    activationPrice: terms.activationPrice,
    activationPriceText: condition === null ? '' : terms.activationPriceText,
    activationCondition: condition,
    positionSide: placement.positionSide,
    reduceOnly: placement.reduceOnly,
    rpi: placement.rpi,
    oto: placement.oto,
  });
  return new Order(id, terms, created, options, placement);
}

/**
 * Whether an order only ever rests, as its views say (`postOnly`): placed post-only, or RPI — RPI
 * orders are post-only by design (spec §4.3), though `postOnly` cannot be sent with `rpi`.
 */
export function postsOnly(order: { readonly postOnly: boolean; readonly rpi: boolean }): boolean {
  return order.postOnly || order.rpi;
}

export function isStop(order: { readonly type: OrderType }): boolean {
  return order.type === 'stop limit' || order.type === 'stop market';
}

export function orderData(order: OrderData): OrderData {
  return {
    id: order.id,
    user: order.user,
    account: order.account,
    market: order.market,
    side: order.side,
    type: order.type,
    clientOrderId: order.clientOrderId,
    price: order.price,
    amount: order.amount,
    byMoney: order.byMoney,
    left: order.left,
    hidden: order.hidden,
    dealStock: order.dealStock,
    dealNotional: order.dealNotional,
    dealFee: order.dealFee,
    feeExact: order.feeExact,
    hold: order.hold,
    postOnly: order.postOnly,
    ioc: order.ioc,
    stp: order.stp,
    created: order.created,
    activationPrice: order.activationPrice,
    activationPriceText: order.activationPriceText,
    activationCondition: order.activationCondition,
    activated: order.activated,
    positionSide: order.positionSide,
    reduceOnly: order.reduceOnly,
    rpi: order.rpi,
    oto: order.oto,
    status: order.status,
    finished: order.finished,
  };
}

/**
 * An order restored from its data: built as a new order, so that restored and new orders share one
 * hidden class, then given the data's progress. Every field is the data's own, as stored.
 */
export function fromOrderData(data: OrderData): Order {
  const terms: OrderTerms = {
    user: data.user,
    account: data.account,
    market: data.market,
    side: data.side,
    orderType: data.type,
    clientOrderId: data.clientOrderId,
    price: data.price,
    postOnly: data.postOnly,
    ioc: data.ioc,
    stp: data.stp,
    activationPrice: data.activationPrice,
    activationPriceText: data.activationPriceText,
  };
  const order = new Order(data.id, terms, data.created, orderOptions(data), data);
  // fixed for an order's life (readonly to everyone else): restoring is what sets it from the data
  (order as { hidden: boolean }).hidden = data.hidden;
  order.left = data.left;
  order.dealStock = data.dealStock;
  order.dealNotional = data.dealNotional;
  order.dealFee = data.dealFee;
  order.feeExact = data.feeExact;
  order.hold = data.hold;
  order.activated = data.activated;
  order.status = data.status;
  order.finished = data.finished;
  return order;
}
