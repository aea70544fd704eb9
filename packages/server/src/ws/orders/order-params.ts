import { invalidArgument } from '../protocol.js';

/** An order method's named params: the one object its params array holds (websocket spec §9.1). */
export type OrderParams = Readonly<Record<string, unknown>>;

/**
 * The socket's param names beside the order entry's field names, where they differ: what a request
 * is read under, and what an error names (the field errors of order-entry speak the REST names).
 */
const FIELD_OF: Readonly<Record<string, string>> = {
  post_only: 'postOnly',
  bbo_role: 'bboRole',
  reduce_only: 'reduceOnly',
  position_side: 'positionSide',
  stop_loss: 'stopLoss',
  take_profit: 'takeProfit',
};
const PARAM_OF: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(FIELD_OF).map(([param, field]) => [field, param])),
  clientOrderId: 'client_order_id',
  activationPrice: 'activation_price',
  orderId: 'order_id',
};

/** `[{…}]`: anything else is code 1. */
export function orderParams(params: readonly unknown[]): OrderParams {
  const [only] = params;
  if (params.length !== 1 || typeof only !== 'object' || only === null || Array.isArray(only)) {
    throw invalidArgument('params must be an array holding one object');
  }
  return only as OrderParams;
}

/**
 * The body the order entry reads, from the params a method documents (`names`): each under the
 * entry's name for it. Params a method does not take are left out, as the REST endpoints ignore
 * fields they do not know.
 */
export function entryBody(p: OrderParams, names: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of names) if (p[name] !== undefined) body[FIELD_OF[name] ?? name] = p[name];
  return body;
}

/** The param a field error of the order entry is about, as the socket names it. */
export function paramOf(field: string): string {
  return PARAM_OF[field] ?? field;
}

/** A param the method cannot do without, where the order entry would read its absence as another order. */
export function required(p: OrderParams, name: string): void {
  if (p[name] === undefined || p[name] === null || p[name] === '') throw invalidArgument(`${name} is required`);
}
