import {
  unaffordableStockMarketBuy,
  type OrderType,
  type OrderView,
  type PlaceOrder,
  type Rejection,
  type State,
  type TradingAccount,
} from '@txc/core';
import type { VenueView } from '../venue/venue-view.js';
import { ORDER_RULES, type OrderDraft } from './order-rules.js';
import type { CatalogueAnswer } from './trading-rejection.js';
import { FieldValidation } from '../http/validation/field-validation.js';

export type Parsed =
  | { readonly cmd: PlaceOrder }
  | { readonly errors: Record<string, string[]> }
  | { readonly iocPostOnly: true }
  | { readonly rpiIoc: true }
  | { readonly retail: 'retailAndRpi' | 'retailNotAllowed' };

/**
 * An order request as a PlaceOrder command, with every request-validation failure of the
 * reference (§5.3–5.5, §6.1): the endpoint's rules (order-rules.ts) read the fields in turn, then
 * the combinations of flags with answers of their own are refused. Spot limit orders flagged
 * `retail` are refused: no account here is enabled for them.
 */
export function parsePlaceOrder(
  state: State,
  user: string,
  body: Record<string, unknown>,
  type: OrderType,
  account: TradingAccount = 'spot',
): Parsed {
  const d: OrderDraft = {
    v: new FieldValidation(body),
    state,
    type,
    account,
    price: 0,
    clientOrderId: '',
    postOnly: false,
    ioc: false,
    stp: 'no',
    rpi: false,
    retail: false,
  };
  for (const rule of ORDER_RULES[account][type]) rule(d);
  const { v, spec, side, amount, activation, rpi, ioc, postOnly } = d;
  if (v.failed || spec === undefined || side === undefined || amount === undefined) return { errors: v.errors };
  if ((type === 'stop limit' || type === 'stop market') && activation === undefined) return { errors: v.errors };
  if (rpi && ioc) return { rpiIoc: true };
  if (ioc && postOnly) return { iocPostOnly: true };
  // No account here is enabled for retail orders: RPI orders match any order (docs/decisions.md).
  if (d.retail) return { retail: rpi ? 'retailAndRpi' : 'retailNotAllowed' };
  return {
    cmd: {
      type: 'PlaceOrder',
      user,
      account,
      market: spec.name,
      side,
      orderType: type,
      price: d.price,
      amount,
      activationPrice: activation?.ticks ?? 0,
      activationPriceText: activation?.text ?? '',
      clientOrderId: d.clientOrderId,
      postOnly,
      ioc,
      stp: d.stp,
      ...(account === 'collateral' ? d.collateral : rpi ? { rpi } : {}),
    },
  };
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
  venue: VenueView,
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
