import type { OrderData, OrderView } from '../state/order.js';
import { encodeJson } from './json-value.js';

/** The fields of a finished order that its history record keeps in columns of their own. */
export type FinishedOrderKeys = Pick<OrderData, 'id' | 'user' | 'market' | 'clientOrderId' | 'status' | 'created'> & {
  readonly finished: number;
};

const str = JSON.stringify as (s: string) => string;

/** A number as JSON writes it; refuses what JSON cannot carry back, as encodeJson does. */
function num(n: number): string {
  if (Number.isFinite(n)) return `${n}`;
  throw new TypeError('non-finite number in engine value');
}

/**
 * A finished order's text in the order history: what its record does not keep in columns, and of
 * the rest only what differs from a plain spot limit order (no flags, no trigger, no OTO group,
 * nothing held). A buy's running fee numerator (`feeExact`) is left out too: only an open order
 * uses it, to round its next fill's fee, and a finished order reads it as 0. Nearly every order
 * placed writes one, in the group commit that answers it, and most of an order's fields hold their
 * defaults. Bigints are decimal strings, read back by their field's name.
 */
export function encodeFinishedOrder(order: OrderData): string {
  let text =
    `{"side":${str(order.side)},"type":${str(order.type)},"price":${num(order.price)},"amount":${num(order.amount)},` +
    `"left":${num(order.left)},"dealStock":${num(order.dealStock)},"dealNotional":"${order.dealNotional}","dealFee":"${order.dealFee}"`;
  if (order.account !== 'spot') text += `,"account":${str(order.account)}`;
  if (order.byMoney) text += ',"byMoney":true';
  if (order.hidden) text += ',"hidden":true';
  if (order.hold !== 0n) text += `,"hold":"${order.hold}"`;
  if (order.postOnly) text += ',"postOnly":true';
  if (order.ioc) text += ',"ioc":true';
  if (order.stp !== 'no') text += `,"stp":${str(order.stp)}`;
  if (order.activationPrice !== 0) text += `,"activationPrice":${num(order.activationPrice)}`;
  if (order.activationPriceText !== '') text += `,"activationPriceText":${str(order.activationPriceText)}`;
  if (order.activationCondition !== null) text += `,"activationCondition":${str(order.activationCondition)}`;
  if (order.activated !== 0) text += `,"activated":${num(order.activated)}`;
  if (order.positionSide !== 'BOTH') text += `,"positionSide":${str(order.positionSide)}`;
  if (order.reduceOnly) text += ',"reduceOnly":true';
  if (order.rpi) text += ',"rpi":true';
  if (order.oto !== null) text += `,"oto":${encodeJson(order.oto)}`;
  return `${text}}`;
}

/** A bigint field: a decimal string, or the value codec's tagged form in records written before this text. */
function big(value: unknown): bigint {
  if (value === undefined) return 0n;
  return BigInt(typeof value === 'string' ? value : (value as { $big: string }).$big);
}

/**
 * The finished order of a record: its columns, and its text with every field it leaves out at the
 * plain order's value. Records written with the engine's whole data (before this text) read the
 * same way: their text holds every field, columns included, with the same values.
 */
export function decodeFinishedOrder(keys: FinishedOrderKeys, text: string): OrderView {
  const data = JSON.parse(text) as Partial<Record<keyof OrderData, unknown>>;
  return {
    id: keys.id,
    user: keys.user,
    account: (data.account ?? 'spot') as OrderData['account'],
    market: keys.market,
    side: data.side as OrderData['side'],
    type: data.type as OrderData['type'],
    clientOrderId: keys.clientOrderId,
    price: data.price as number,
    amount: data.amount as number,
    byMoney: data.byMoney === true,
    left: data.left as number,
    hidden: data.hidden === true,
    dealStock: data.dealStock as number,
    dealNotional: big(data.dealNotional),
    dealFee: big(data.dealFee),
    feeExact: 0n,
    hold: big(data.hold),
    postOnly: data.postOnly === true,
    ioc: data.ioc === true,
    stp: (data.stp ?? 'no') as OrderData['stp'],
    created: keys.created,
    activationPrice: (data.activationPrice ?? 0) as number,
    activationPriceText: (data.activationPriceText ?? '') as string,
    activationCondition: (data.activationCondition ?? null) as OrderData['activationCondition'],
    activated: (data.activated ?? 0) as number,
    positionSide: (data.positionSide ?? 'BOTH') as OrderData['positionSide'],
    reduceOnly: data.reduceOnly === true,
    rpi: data.rpi === true,
    oto: (data.oto ?? null) as OrderData['oto'],
    status: keys.status,
    finished: keys.finished,
  };
}
