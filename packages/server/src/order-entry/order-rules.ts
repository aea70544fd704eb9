import {
  bboBookSide,
  bboPrice,
  type BboRole,
  type MarketSpec,
  type OrderType,
  type PlaceOrder,
  type Side,
  type State,
  type TradingAccount,
} from '@txc/core';
import type { FieldValidation } from '../http/validation/field-validation.js';
import { activationPrice, requireActivationPrice } from '../http/validation/order-fields/activation-price.js';
import { moneyAmount, requireAmount, stockAmount } from '../http/validation/order-fields/amount.js';
import { clientOrderIdField } from '../http/validation/order-fields/client-order-id.js';
import { collateralMarket, tradingMarket } from '../http/validation/order-fields/market.js';
import { bboRole, flag, noRpiFlag, rpiFlag } from '../http/validation/order-fields/order-flags.js';
import { limitPrice, requirePrice } from '../http/validation/order-fields/price.js';
import { orderSide } from '../http/validation/order-fields/side.js';
import { stpField } from '../http/validation/order-fields/stp.js';
import { orderTotal } from '../http/validation/order-fields/total.js';
import { collateralFields, type CollateralExtras } from './collateral-fields.js';

/** An order request as its rules read it, field by field; each rule files its errors in `v`. */
export interface OrderDraft {
  readonly v: FieldValidation;
  readonly state: State;
  readonly type: OrderType;
  readonly account: TradingAccount;
  spec?: MarketSpec;
  side?: Side;
  amount?: number;
  price: number;
  bbo?: BboRole;
  activation?: { ticks: number; text: string };
  clientOrderId: string;
  postOnly: boolean;
  ioc: boolean;
  stp: PlaceOrder['stp'];
  rpi: boolean;
  retail: boolean;
  collateral?: CollateralExtras;
}

export type OrderRule = (d: OrderDraft) => void;

const moneyPrecision = (d: OrderDraft): number =>
  d.spec === undefined ? 0 : (d.state.assets.get(d.spec.money)?.precision ?? 0);
/** Spot market and stop-market buys spend money; every other amount is stock. */
const byMoney = (d: OrderDraft): boolean =>
  d.account === 'spot' && d.side === 'buy' && (d.type === 'market' || d.type === 'stop market');
/** A limit order that names a bboRole takes its price from the book: its own price is not read. */
const takesBookPrice = (d: OrderDraft): boolean =>
  d.type === 'limit' && d.v.body.bboRole !== undefined && d.v.body.bboRole !== null;

const spotMarket: OrderRule = (d) => (d.spec = tradingMarket(d.v, d.state));
const marginMarket: OrderRule = (d) => (d.spec = collateralMarket(d.v, d.state));
const side: OrderRule = (d) => (d.side = orderSide(d.v));

/** Without a market and a side the steps are unknown: the price rules then only say what is missing. */
const known = (d: OrderDraft): d is OrderDraft & { spec: MarketSpec; side: Side } =>
  d.spec !== undefined && d.side !== undefined;

const amount: OrderRule = (d) => {
  if (!known(d)) return requireAmount(d.v);
  d.amount = byMoney(d) ? moneyAmount(d.v, d.spec, moneyPrecision(d)) : stockAmount(d.v, d.spec);
};

/** The limit price, given or taken from the book (bboRole), and the total it makes with the amount. */
const price: OrderRule = (d) => {
  if (!known(d)) return takesBookPrice(d) ? undefined : requirePrice(d.v);
  d.bbo = bboRole(d.v, d.type === 'limit');
  const p = !takesBookPrice(d) ? limitPrice(d.v, d.spec) : d.bbo === undefined ? undefined : bookPrice(d, d.bbo);
  if (p === undefined) return;
  d.price = p;
  if (d.amount !== undefined) orderTotal(d.v, d.spec, moneyPrecision(d), d.amount, p);
};

/** A stop's activation price; a stop-market of stock is expected to execute about it: its total is held to the limits there. */
const activation: OrderRule = (d) => {
  if (!known(d)) return requireActivationPrice(d.v);
  d.activation = activationPrice(d.v, d.spec);
  if (d.type === 'stop market' && !byMoney(d) && d.amount !== undefined && d.activation !== undefined) {
    orderTotal(d.v, d.spec, moneyPrecision(d), d.amount, d.activation.ticks);
  }
};

const clientOrderId: OrderRule = (d) => (d.clientOrderId = clientOrderIdField(d.v));
/** A stop-limit's flags apply once it triggers: it then executes as a limit order placed at that moment. */
const postOnlyAndIoc: OrderRule = (d) => {
  d.postOnly = flag(d.v, 'postOnly', 'PostOnly');
  d.ioc = flag(d.v, 'ioc', 'IOC');
};
const stp: OrderRule = (d) => (d.stp = stpField(d.v));
const bboFlags: OrderRule = (d) => {
  if (d.bbo === undefined) return;
  if (d.postOnly) d.v.add('postOnly', 'PostOnly cannot be set with bboRole.');
  if (d.ioc && d.bbo === 1) d.v.add('ioc', 'IOC can only be set with bboRole 2.');
};
const rpi: OrderRule = (d) => (d.rpi = rpiFlag(d.v, d.postOnly));
const noRpi: OrderRule = (d) => (d.rpi = noRpiFlag(d.v));
const retail: OrderRule = (d) => (d.retail = flag(d.v, 'retail', 'Retail'));
const collateralExtras: OrderRule = (d) => {
  const reference = d.type === 'stop market' ? (d.activation?.ticks ?? 0) : d.price;
  d.collateral = collateralFields(d.v, d.spec, d.side, d.type, reference, d.rpi);
};

/** The price a `bboRole` order takes from the book (the core's rule), filed as an error when that side is empty. */
function bookPrice(d: OrderDraft & { spec: MarketSpec; side: Side }, role: BboRole): number | undefined {
  const price = bboPrice(d.state, d.spec.name, d.side, role);
  if (price === undefined) {
    d.v.add('bboRole', `There is no ${bboBookSide(d.side, role) === 'buy' ? 'bid' : 'ask'} to take the price from.`);
  }
  return price;
}

const SPOT: Readonly<Record<OrderType, readonly OrderRule[]>> = {
  limit: [spotMarket, side, amount, price, clientOrderId, postOnlyAndIoc, stp, bboFlags, rpi, retail],
  market: [spotMarket, side, amount, clientOrderId, stp],
  'stock market': [spotMarket, side, amount, clientOrderId, stp],
  'stop limit': [spotMarket, side, amount, price, activation, clientOrderId, postOnlyAndIoc, stp, noRpi],
  'stop market': [spotMarket, side, amount, activation, clientOrderId, stp],
};

const COLLATERAL: Readonly<Record<OrderType, readonly OrderRule[]>> = {
  limit: [marginMarket, side, amount, price, clientOrderId, postOnlyAndIoc, stp, bboFlags, rpi, collateralExtras],
  market: [marginMarket, side, amount, clientOrderId, stp, collateralExtras],
  'stock market': [marginMarket, side, amount, clientOrderId, stp, collateralExtras],
  'stop limit': [
    marginMarket,
    side,
    amount,
    price,
    activation,
    clientOrderId,
    postOnlyAndIoc,
    stp,
    noRpi,
    collateralExtras,
  ],
  'stop market': [marginMarket, side, amount, activation, clientOrderId, stp, collateralExtras],
};

/**
 * The rules of each order endpoint, in the order the reference reports their errors (reference
 * §5.3–5.5, §6.1): spot and collateral (`/order/collateral/*`) by order type.
 */
export const ORDER_RULES: Readonly<Record<TradingAccount, Readonly<Record<OrderType, readonly OrderRule[]>>>> = {
  spot: SPOT,
  collateral: COLLATERAL,
};
