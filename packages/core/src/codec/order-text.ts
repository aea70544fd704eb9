import { orderData, type OrderData } from '../trading/order.js';
import { encodeJson } from './json-value.js';

/** What a field the data lacks reads as in the text (JSON.stringify of undefined, a template's undefined). */
const MISSING = 'undefined';

const str = JSON.stringify as (s: string) => string;

/** A number as JSON writes it; like encodeJson, refuses what JSON cannot carry back. */
function num(n: number): string {
  if (Number.isFinite(n)) return `${n}`;
  // a field the data lacks: encodeOrder falls back on it
  if ((n as number | undefined) === undefined) return MISSING;
  throw new TypeError('non-finite number in engine value');
}

/**
 * An order's data as text: exactly `encodeJson(orderData(o))`, written field by field. A finished
 * order is encoded once per order placed, and JSON.stringify with a replacer (which bigints need)
 * takes six times as long as this. Data that lacks a field (an order restored from data written
 * before the field existed) goes through encodeJson, which leaves the field out.
 */
export function encodeOrder(o: OrderData): string {
  const condition = o.activationCondition === null ? 'null' : str(o.activationCondition);
  const finished = o.finished === null ? 'null' : num(o.finished);
  const oto = o.oto === null ? 'null' : o.oto === undefined ? MISSING : encodeJson(o.oto);
  const text =
    `{"id":${num(o.id)},"user":${str(o.user)},"account":${str(o.account)},"market":${str(o.market)},` +
    `"side":${str(o.side)},"type":${str(o.type)},"clientOrderId":${str(o.clientOrderId)},"price":${num(o.price)},` +
    `"amount":${num(o.amount)},"byMoney":${o.byMoney},"left":${num(o.left)},"hidden":${o.hidden},` +
    `"dealStock":${num(o.dealStock)},"dealNotional":{"$big":"${o.dealNotional}"},"dealFee":{"$big":"${o.dealFee}"},` +
    `"feeExact":{"$big":"${o.feeExact}"},"hold":{"$big":"${o.hold}"},"postOnly":${o.postOnly},"ioc":${o.ioc},` +
    `"stp":${str(o.stp)},"created":${num(o.created)},"activationPrice":${num(o.activationPrice)},` +
    `"activationPriceText":${str(o.activationPriceText)},"activationCondition":${condition},` +
    `"activated":${num(o.activated)},"positionSide":${str(o.positionSide)},"reduceOnly":${o.reduceOnly},` +
    `"rpi":${o.rpi},"oto":${oto},"status":${str(o.status)},"finished":${finished}}`;
  // a string field holding the word falls back too, harmlessly
  return text.includes(MISSING) ? encodeJson(orderData(o)) : text;
}
