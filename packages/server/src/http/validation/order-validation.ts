import {
  decimalToUnits,
  formatUnits,
  parseDecimal,
  pow10,
  type MarketSpec,
  type ParsedDecimal,
  type State,
} from '@txc/core';
import { FieldValidation } from './field-validation.js';
import { integerValue } from './integer-value.js';

const CLIENT_ORDER_ID = /^[A-Za-z0-9._-]+$/;
export const CLIENT_ORDER_ID_MAX = 64;
const ORDER_ID_FIELDS = ['orderId', 'order_id'] as const;
const ACTIVATION_PRICE_FIELDS = ['activation_price', 'activationPrice'] as const;
const STP: Readonly<Record<string, 'no' | 'cb' | 'cn' | 'co'>> = {
  no: 'no',
  cancel_both: 'cb',
  cancel_new: 'cn',
  cancel_old: 'co',
  cb: 'cb',
  cn: 'cn',
  co: 'co',
};

/** "0.000001" for a scale of 6: the step messages of the reference. */
function stepText(scale: number): string {
  return formatUnits(1n, scale);
}

/** `v` in units of 10^-from as units of 10^-to (truncated when `to` is the coarser). */
function rescale(v: bigint, from: number, to: number): bigint {
  return to >= from ? v * pow10(to - from) : v / pow10(from - to);
}

/** `bboRole`: 1 queue (the best price of the order's own side), 2 counterparty (the other side's). */
export type BboRole = 1 | 2;

/**
 * Request validation of the order family (reference §5.3–5.8): the reference's field keys and
 * messages, all of a request's problems at once; the route answers code 30 when any was found.
 */
export class OrderValidation extends FieldValidation {
  /** A field's value under whichever of its spellings was given (see `spelling`); undefined when none. */
  private pick(fields: readonly [string, ...string[]]): unknown {
    return this.body[this.spelling(fields)] ?? undefined;
  }

  /** A spot market open for trading; `messageFor` lets `/orders` keep the reference's own wording. */
  market(
    state: State,
    options: { required?: boolean; spotOnly?: boolean; unknown?: string } = {},
  ): MarketSpec | undefined {
    const v = this.body.market;
    if (v === undefined || v === null) {
      if (options.required !== false) this.add('market', 'Market field is required.');
      return undefined;
    }
    if (typeof v !== 'string') {
      // both rules fail for a value that is not text, and the reference lists both (§5.6)
      this.add('market', 'Market field should be a string.');
      this.add('market', 'Market field format is invalid.');
      return undefined;
    }
    if (v === '') {
      this.add('market', 'Market field should not be empty string.');
      return undefined;
    }
    const spec = state.markets.get(v);
    if (spec === undefined || !spec.tradesEnabled || (options.spotOnly !== false && spec.type !== 'spot')) {
      this.add('market', options.unknown ?? 'Market is not available.');
      return undefined;
    }
    return spec;
  }

  side(): 'buy' | 'sell' | undefined {
    const v = this.body.side;
    if (v === undefined || v === null) {
      this.add('side', 'Side field is required.');
      return undefined;
    }
    if (v !== 'buy' && v !== 'sell') {
      this.add('side', "Side field should contain only 'buy' or 'sell' values.");
      return undefined;
    }
    return v;
  }

  /**
   * A decimal given as a numeric string or a plain number. An empty string is a missing value of a
   * required field; an optional one given empty is refused, not taken for absent.
   */
  private decimal(field: string, label: string, required: string | undefined): ParsedDecimal | undefined {
    const v = this.body[field];
    if (v === undefined || v === null || v === '') {
      if (required !== undefined) this.add(field, required);
      else if (v === '') this.add(field, `${label} field should not be empty string.`);
      return undefined;
    }
    const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v : undefined;
    const d = text === undefined ? undefined : parseDecimal(text);
    if (d === undefined) {
      this.add(field, `${label} field should be numeric string or number.`);
      return undefined;
    }
    return d;
  }

  /**
   * Integer units of 10^-scale that fit a safe integer, filed under `key`; when too precise, the
   * step message: `step` followed by the step itself (written only then: most orders are on their
   * steps); when too large, the reference's code-12 words (§5.10) naming the field by its `label`.
   */
  private units(key: string, label: string, d: ParsedDecimal, scale: number, step: string): number | undefined {
    const u = decimalToUnits(d, scale);
    if (u === undefined) {
      this.add(key, `${step}${stepText(scale)}`);
      return undefined;
    }
    if (u > BigInt(Number.MAX_SAFE_INTEGER)) {
      this.add(key, `The ${label.toLowerCase()} field value, that the API unable to process.`);
      return undefined;
    }
    return Number(u);
  }

  /**
   * An amount of stock in lots: positive, at least the market's minimum, on its step. Below the
   * minimum it is still answered (with the error filed) when it is on the step.
   */
  stockAmount(spec: MarketSpec): number | undefined {
    const d = this.decimal('amount', 'Amount', 'Amount field is required.');
    if (d === undefined) return undefined;
    if (d.negative || d.digits === 0n) {
      this.add('amount', 'Amount should be greater than 0.');
      return undefined;
    }
    // compared exactly, on the step or not: an amount can break both rules, and hears of both
    const belowMinimum = d.digits * pow10(spec.stockPrec) < spec.minAmount * pow10(d.fractionDigits);
    if (belowMinimum) {
      this.add('amount', `Given amount is less than min amount ${formatUnits(spec.minAmount, spec.stockPrec)}`);
    }
    // on its step, an amount below the minimum still prices a total, whose minimum is reported too
    return this.units('amount', 'Amount', d, spec.stockPrec, 'Min amount step = ');
  }

  /** An amount of money to spend (market buy, stop-market buy) in minor units of the money asset. */
  moneyAmount(spec: MarketSpec, moneyPrecision: number): number | undefined {
    const d = this.decimal('amount', 'Amount', 'Amount field is required.');
    if (d === undefined) return undefined;
    if (d.negative || d.digits === 0n) {
      this.add('amount', 'Amount should be greater than 0.');
      return undefined;
    }
    const units = this.units('amount', 'Amount', d, moneyPrecision, 'Min total step = = ');
    if (units !== undefined && BigInt(units) < spec.minTotal) {
      this.add(
        'amount',
        `Total amount should be no less than ${formatUnits(spec.minTotal, moneyPrecision)} + trade fee`,
      );
      return undefined;
    }
    return units;
  }

  /** A limit price in ticks. */
  price(spec: MarketSpec): number | undefined {
    const d = this.decimal('price', 'Price', 'Price field is required.');
    if (d === undefined) return undefined;
    if (d.negative || d.digits === 0n) {
      this.add('price', 'Price should be greater than 0.');
      return undefined;
    }
    return this.units('price', 'Price', d, spec.moneyPrec, 'Min price step = ');
  }

  /** Stops without a market to read the steps of: says whether the activation price is missing. */
  requireActivationPrice(): void {
    const v = this.pick(ACTIVATION_PRICE_FIELDS);
    if (v === undefined || v === '') this.add('activation_price', 'Activation price field is required.');
  }

  /** Stops: `activation_price` (or `activationPrice`), in ticks, and the text submitted. */
  activationPrice(spec: MarketSpec): { ticks: number; text: string } | undefined {
    const v = this.pick(ACTIVATION_PRICE_FIELDS);
    if (v === undefined || v === '') {
      this.requireActivationPrice();
      return undefined;
    }
    const text = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
    const d = text === undefined ? undefined : parseDecimal(text);
    if (text === undefined || d === undefined) {
      this.add('activation_price', 'Activation price should be numeric string.');
      return undefined;
    }
    if (d.negative || d.digits === 0n) {
      this.add('activationPrice', 'Activation price should be greater than 0.');
      return undefined;
    }
    const ticks = this.units('activationPrice', 'Activation price', d, spec.moneyPrec, 'Min activation price step = ');
    return ticks === undefined ? undefined : { ticks, text };
  }

  /** amount × price against the market's minimum and maximum total (money minor units). */
  total(spec: MarketSpec, moneyPrecision: number, lots: number, ticks: number): void {
    const exact = BigInt(lots) * BigInt(ticks);
    const scale = spec.stockPrec + spec.moneyPrec;
    // compare exactly: total in units of 10^-scale against limits in units of 10^-moneyPrecision
    if (exact < rescale(spec.minTotal, moneyPrecision, scale)) {
      this.add('total', `Total (amount * price) is less than ${formatUnits(spec.minTotal, moneyPrecision)}`);
    } else if (spec.maxTotal > 0n && exact > rescale(spec.maxTotal, moneyPrecision, scale)) {
      this.add('total', `Total (amount * price) is greater than ${formatUnits(spec.maxTotal, moneyPrecision)}`);
    }
  }

  /** `client_order_id` / `clientOrderId`: "" when absent. */
  clientOrderId(): string {
    const v = this.pick(['client_order_id', 'clientOrderId']);
    if (v === undefined) return '';
    if (typeof v !== 'string') {
      this.add('clientOrderId', 'ClientOrderId field should be a string.');
      return '';
    }
    if (v === '') return '';
    if (!CLIENT_ORDER_ID.test(v)) {
      this.add('clientOrderId', 'ClientOrderId field should contain only latin letters, numbers and dashes.');
    } else if (v.length > CLIENT_ORDER_ID_MAX) {
      this.add('clientOrderId', `ClientOrderId field should not be longer than ${CLIENT_ORDER_ID_MAX} characters.`);
    }
    return v;
  }

  flag(field: 'postOnly' | 'ioc' | 'rpi' | 'retail' | 'reduceOnly', label: string): boolean {
    const v = this.body[field];
    if (v === undefined || v === null) return false;
    if (typeof v !== 'boolean') {
      this.add(field, `${label} field should be a boolean.`);
      return false;
    }
    return v;
  }

  /**
   * `bboRole` (reference §5.3): 1 joins the best price of the order's own side, 2 takes the best of
   * the other side; undefined when absent. Only limit orders placed now can take a price from the
   * book (`allowed`): a stop-limit's would have to be read when it triggers.
   */
  bboRole(allowed: boolean): BboRole | undefined {
    const v = this.body.bboRole;
    if (v === undefined || v === null) return undefined;
    if (!allowed) {
      this.add('bboRole', 'BboRole is only accepted on limit orders.');
      return undefined;
    }
    if (v !== 1 && v !== 2) {
      this.add('bboRole', 'BboRole field should be 1 or 2.');
      return undefined;
    }
    return v;
  }

  /** `rpi` (limit orders): post-only by design, so it cannot come with `postOnly` set as well. */
  rpi(postOnly: boolean): boolean {
    const rpi = this.flag('rpi', 'RPI');
    if (rpi && postOnly) this.add('rpi', 'RPI orders are post-only by design: postOnly cannot be set with RPI.');
    return rpi;
  }

  /**
   * `rpi` where only `false` is accepted (stop-limit orders): an RPI order rests hidden from the
   * moment it is placed, which a stop waiting for its trigger cannot do.
   */
  noRpi(): false {
    if (this.flag('rpi', 'RPI')) this.add('rpi', 'RPI is only accepted on limit orders.');
    return false;
  }

  /** A market open to collateral trading (a margin spot pair or a perpetual). */
  collateralMarket(state: State): MarketSpec | undefined {
    const spec = this.market(state, { spotOnly: false });
    if (spec !== undefined && (!spec.isCollateral || spec.margin === undefined)) {
      this.add('market', 'Market is not available.');
      return undefined;
    }
    return spec;
  }

  /** `positionSide`: LONG, SHORT or BOTH; undefined when absent (the account's mode decides). */
  positionSide(): 'LONG' | 'SHORT' | 'BOTH' | undefined {
    const v = this.body.positionSide;
    if (v === undefined || v === null) return undefined;
    if (v !== 'LONG' && v !== 'SHORT' && v !== 'BOTH') {
      this.add('positionSide', "Position side field should contain only 'LONG', 'SHORT' or 'BOTH' values.");
      return undefined;
    }
    return v;
  }

  /** `stopLoss` / `takeProfit`: a trigger price in ticks, and the text submitted. */
  triggerPrice(field: 'stopLoss' | 'takeProfit', spec: MarketSpec): { ticks: number; text: string } | undefined {
    const label = field === 'stopLoss' ? 'Stop loss' : 'Take profit';
    const d = this.decimal(field, label, undefined);
    if (d === undefined) return undefined;
    if (d.negative || d.digits === 0n) {
      this.add(field, `${label} should be greater than 0.`);
      return undefined;
    }
    const ticks = this.units(field, label, d, spec.moneyPrec, `Min ${label.toLowerCase()} step = `);
    const v = this.body[field];
    return ticks === undefined ? undefined : { ticks, text: typeof v === 'number' ? String(v) : (v as string) };
  }

  stp(): 'no' | 'cb' | 'cn' | 'co' {
    const v = this.body.stp;
    if (v === undefined || v === null) return 'no';
    const mode = typeof v === 'string' ? STP[v] : undefined;
    if (mode === undefined) {
      this.add('stp', "Stp field should contain only 'no', 'cancel_both', 'cancel_new' or 'cancel_old' values.");
      return 'no';
    }
    return mode;
  }

  /** A non-negative integer (number or digits) within [min, max]; `fallback` when absent. */
  integer(field: string, fallback: number, min: number, max: number): number {
    const v = this.body[field];
    if (v === undefined || v === null) return fallback;
    const n = integerValue(v);
    if (n === undefined) {
      this.add(field, `The ${field} must be an integer.`);
      return fallback;
    }
    if (n < min) {
      this.add(field, `The ${field} must be at least ${min}.`);
      return fallback;
    }
    if (n > max) {
      this.add(field, `The ${field} may not be greater than ${max}.`);
      return fallback;
    }
    return n;
  }

  /** Whether the body names an order id, under either spelling, whatever its value. */
  hasOrderId(): boolean {
    return this.pick(ORDER_ID_FIELDS) !== undefined;
  }

  /** An order id (integer or digits) under `orderId` / `order_id`. */
  orderId(): number | undefined {
    const v = this.pick(ORDER_ID_FIELDS);
    if (v === undefined) return undefined;
    const n = integerValue(v);
    if (n === undefined || n < 0) {
      this.add('orderId', 'OrderId field should be an integer.');
      return undefined;
    }
    return n;
  }
}

/**
 * The error of a failed order read (`orders`, `trade-account/order/history`, `executed-history`):
 * the reference's code 31 when the market is what is wrong, 30 otherwise.
 */
export function orderReadError(v: OrderValidation): 'marketValidation' | 'orderValidation' {
  return 'market' in v.errors ? 'marketValidation' : 'orderValidation';
}
