import {
  unaffordableStockMarketBuy,
  type MarketSpec,
  type OrderType,
  type OrderView,
  type PlaceOrder,
  type Rejection,
  type Side,
  type State,
  type TradingAccount,
} from '@txc/core';
import { OrderValidation, type BboRole } from '../http/validation/order-validation.js';
import type { Venue } from '../venue/venue.js';
import { collateralFields } from './collateral-fields.js';
import type { CatalogueAnswer } from './trading-rejection.js';

export type Parsed =
  | { readonly cmd: PlaceOrder }
  | { readonly errors: Record<string, string[]> }
  | { readonly iocPostOnly: true }
  | { readonly rpiIoc: true }
  | { readonly retail: 'retailAndRpi' | 'retailNotAllowed' };

/**
 * An order request as a PlaceOrder command, with every request-validation failure of the
 * reference (§5.3–5.5, §6.1). Spot amounts follow the order type: money for market and
 * stop-market buys, stock otherwise; collateral amounts are always stock, and collateral orders
 * add position side, reduce-only and OTO legs. Limit orders of both accounts may be RPI orders;
 * spot limit orders flagged `retail` are refused (no account here is enabled for them).
 */
export function parsePlaceOrder(
  state: State,
  user: string,
  body: Record<string, unknown>,
  type: OrderType,
  account: TradingAccount = 'spot',
): Parsed {
  const v = new OrderValidation(body);
  const spec: MarketSpec | undefined = account === 'spot' ? v.market(state) : v.collateralMarket(state);
  const side = v.side();
  const limited = type === 'limit' || type === 'stop limit';
  const stop = type === 'stop limit' || type === 'stop market';
  const moneyPrecision = spec === undefined ? 0 : (state.assets.get(spec.money)?.precision ?? 0);
  let amount: number | undefined;
  let price = 0;
  let bbo: BboRole | undefined;
  // a limit order that names a bboRole takes its price from the book: its own price is not read
  const bookPriced = type === 'limit' && body.bboRole !== undefined && body.bboRole !== null;
  let activation: { ticks: number; text: string } | undefined;
  if (spec === undefined || side === undefined) {
    // without a market the steps are unknown: still say what is missing
    if (body.amount === undefined || body.amount === null) v.add('amount', 'Amount field is required.');
    if (limited && !bookPriced && (body.price === undefined || body.price === null))
      v.add('price', 'Price field is required.');
    if (stop) v.requireActivationPrice();
  } else {
    const byMoney = account === 'spot' && side === 'buy' && (type === 'market' || type === 'stop market');
    amount = byMoney ? v.moneyAmount(spec, moneyPrecision) : v.stockAmount(spec);
    if (limited) {
      bbo = v.bboRole(type === 'limit');
      const p = !bookPriced ? v.price(spec) : bbo === undefined ? undefined : bboPrice(v, state, spec, side, bbo);
      if (p !== undefined) {
        price = p;
        if (amount !== undefined) v.total(spec, moneyPrecision, amount, p);
      }
    }
    if (stop) activation = v.activationPrice(spec);
    // a stop-market of stock is expected to execute about its activation price: its total is held to the limits there
    if (type === 'stop market' && !byMoney && amount !== undefined && activation !== undefined) {
      v.total(spec, moneyPrecision, amount, activation.ticks);
    }
  }
  const clientOrderId = v.clientOrderId();
  // a stop-limit's flags apply once it triggers: it then executes as a limit order placed at that moment
  const postOnly = limited ? v.flag('postOnly', 'PostOnly') : false;
  const ioc = limited ? v.flag('ioc', 'IOC') : false;
  const stp = v.stp();
  if (bbo !== undefined) {
    if (postOnly) v.add('postOnly', 'PostOnly cannot be set with bboRole.');
    if (ioc && bbo === 1) v.add('ioc', 'IOC can only be set with bboRole 2.');
  }
  const rpi = type === 'limit' ? v.rpi(postOnly) : type === 'stop limit' ? v.noRpi() : false;
  const retail = type === 'limit' && account === 'spot' ? v.flag('retail', 'Retail') : false;
  const extra =
    account === 'collateral'
      ? collateralFields(v, spec, side, type, type === 'stop market' ? (activation?.ticks ?? 0) : price, rpi)
      : rpi
        ? { rpi }
        : {};
  if (v.failed || spec === undefined || side === undefined || amount === undefined) return { errors: v.errors };
  if (stop && activation === undefined) return { errors: v.errors };
  if (rpi && ioc) return { rpiIoc: true };
  if (ioc && postOnly) return { iocPostOnly: true };
  // No account here is enabled for retail orders: RPI orders match any order (docs/decisions.md).
  if (retail) return { retail: rpi ? 'retailAndRpi' : 'retailNotAllowed' };
  return {
    cmd: {
      type: 'PlaceOrder',
      user,
      account,
      market: spec.name,
      side,
      orderType: type,
      price,
      amount,
      activationPrice: activation?.ticks ?? 0,
      activationPriceText: activation?.text ?? '',
      clientOrderId,
      postOnly,
      ioc,
      stp,
      ...extra,
    },
  };
}

/**
 * The price a `bboRole` order takes from the book as it stands (the command is applied before anything
 * else can change it): the best of its own side to join the queue (1), of the other side to take it
 * (2). Filed as an error when that side is empty.
 */
function bboPrice(v: OrderValidation, state: State, spec: MarketSpec, side: Side, role: BboRole): number | undefined {
  const bookSide: Side = role === 1 ? side : side === 'buy' ? 'sell' : 'buy';
  const best = state.trading.markets.get(spec.name)?.book.best(bookSide);
  if (best === undefined) v.add('bboRole', `There is no ${bookSide === 'buy' ? 'bid' : 'ask'} to take the price from.`);
  return best?.price;
}

/** A request the validation refused: field errors, or a combination of flags with its own answer. */
export type Invalid = Exclude<Parsed, { readonly cmd: PlaceOrder }>;

/** The catalogue entry a refused request answers (reference §5.3–5.5, §6.1). */
export function invalidAnswer(invalid: Invalid): CatalogueAnswer {
  if ('iocPostOnly' in invalid) return { name: 'iocAndPostOnly' };
  if ('rpiIoc' in invalid) return { name: 'rpiAndIoc' };
  if ('retail' in invalid) return { name: invalid.retail };
  return { name: 'orderValidation', errors: invalid.errors };
}

/** What placing an order came to: the order as the engine placed it, or why it was refused. */
export type Placement =
  | { readonly order: OrderView }
  | { readonly invalid: Invalid }
  | { readonly rejected: Rejection; readonly account: TradingAccount };

/**
 * Places one kind of order for one account, as every transport does (the REST order endpoints and
 * the socket's order methods): the request validation of parsePlaceOrder, then the engine. Resolves
 * once the command's group commit is durable, accepted or refused.
 */
export async function placeOrder(
  venue: Venue,
  user: string,
  body: Record<string, unknown>,
  type: OrderType,
  account: TradingAccount,
): Promise<Placement> {
  const parsed = parsePlaceOrder(venue.state, user, body, type, account);
  if (!('cmd' in parsed)) return { invalid: parsed };
  const unaffordable = unaffordableStockMarketBuy(venue.state, parsed.cmd);
  if (unaffordable !== undefined) return { rejected: unaffordable, account };
  const { result } = await venue.submit(parsed.cmd);
  return result.ok ? { order: result.value } : { rejected: result.rejection, account };
}
