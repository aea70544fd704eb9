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
 * placed writes one, in the group commit that answers it: the whole data in the engine's value
 * codec took about 600 bytes, most of them defaults, where a plain order's text takes about 130.
 * Bigints are decimal strings, read back by their field's name.
 */
export function encodeFinishedOrder(o: OrderData): string {
  let text =
    `{"side":${str(o.side)},"type":${str(o.type)},"price":${num(o.price)},"amount":${num(o.amount)},` +
    `"left":${num(o.left)},"dealStock":${num(o.dealStock)},"dealNotional":"${o.dealNotional}","dealFee":"${o.dealFee}"`;
  if (o.account !== 'spot') text += `,"account":${str(o.account)}`;
  if (o.byMoney) text += ',"byMoney":true';
  if (o.hidden) text += ',"hidden":true';
  if (o.hold !== 0n) text += `,"hold":"${o.hold}"`;
  if (o.postOnly) text += ',"postOnly":true';
  if (o.ioc) text += ',"ioc":true';
  if (o.stp !== 'no') text += `,"stp":${str(o.stp)}`;
  if (o.activationPrice !== 0) text += `,"activationPrice":${num(o.activationPrice)}`;
  if (o.activationPriceText !== '') text += `,"activationPriceText":${str(o.activationPriceText)}`;
  if (o.activationCondition !== null) text += `,"activationCondition":${str(o.activationCondition)}`;
  if (o.activated !== 0) text += `,"activated":${num(o.activated)}`;
  if (o.positionSide !== 'BOTH') text += `,"positionSide":${str(o.positionSide)}`;
  if (o.reduceOnly) text += ',"reduceOnly":true';
  if (o.rpi) text += ',"rpi":true';
  if (o.oto !== null) text += `,"oto":${encodeJson(o.oto)}`;
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
  const d = JSON.parse(text) as Partial<Record<keyof OrderData, unknown>>;
  return {
    id: keys.id,
    user: keys.user,
    account: (d.account ?? 'spot') as OrderData['account'],
    market: keys.market,
    side: d.side as OrderData['side'],
    type: d.type as OrderData['type'],
    clientOrderId: keys.clientOrderId,
    price: d.price as number,
    amount: d.amount as number,
    byMoney: d.byMoney === true,
    left: d.left as number,
    hidden: d.hidden === true,
    dealStock: d.dealStock as number,
    dealNotional: big(d.dealNotional),
    dealFee: big(d.dealFee),
    feeExact: 0n,
    hold: big(d.hold),
    postOnly: d.postOnly === true,
    ioc: d.ioc === true,
    stp: (d.stp ?? 'no') as OrderData['stp'],
    created: keys.created,
    activationPrice: (d.activationPrice ?? 0) as number,
    activationPriceText: (d.activationPriceText ?? '') as string,
    activationCondition: (d.activationCondition ?? null) as OrderData['activationCondition'],
    activated: (d.activated ?? 0) as number,
    positionSide: (d.positionSide ?? 'BOTH') as OrderData['positionSide'],
    reduceOnly: d.reduceOnly === true,
    rpi: d.rpi === true,
    oto: (d.oto ?? null) as OrderData['oto'],
    status: keys.status,
    finished: keys.finished,
  };
}
