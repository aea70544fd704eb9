import assert from 'node:assert/strict';
import type { TxcClient } from '@txc/sdk';
import type { TestServer } from './test-server.js';
import { WsTestClient, type Answer } from './ws-client.js';

/** An order as the socket's order methods answer it (websocket spec §7.1, §9.1). */
export interface WsOrder {
  readonly id: number;
  readonly market: string;
  readonly type: number;
  readonly side: number;
  readonly post_only: boolean;
  readonly ioc: boolean;
  readonly ctime: number;
  readonly mtime: number;
  readonly price: string;
  readonly amount: string;
  readonly left: string;
  readonly deal_stock: string;
  readonly deal_money: string;
  readonly deal_fee: string;
  readonly client_order_id: string;
  readonly stp: string;
  readonly status: string;
  readonly position_side: string;
  readonly rpi: boolean;
  readonly reduce_only: boolean;
  readonly activation_price?: string;
  readonly activation_condition?: string;
  readonly activated?: number;
}

/** The order object's fields, in the documented order; stops add their activation fields. */
export const ORDER_KEYS = [
  'id',
  'market',
  'type',
  'side',
  'post_only',
  'ioc',
  'ctime',
  'mtime',
  'price',
  'amount',
  'left',
  'deal_stock',
  'deal_money',
  'deal_fee',
  'client_order_id',
  'stp',
  'status',
  'position_side',
  'rpi',
  'reduce_only',
];
export const STOP_KEYS = [...ORDER_KEYS, 'activation_price', 'activation_condition', 'activated'];

/** Type ids (websocket spec §7.1) as REST names the type. */
const REST_TYPE: Readonly<Record<number, string>> = {
  1: 'limit',
  2: 'market',
  202: 'stock market',
  3: 'stop limit',
  4: 'stop market',
  7: 'limit',
  8: 'market',
  9: 'margin stop limit',
  10: 'stop market',
};
const COLLATERAL_TYPES = new Set([7, 8, 9, 10]);
const REST_STATUS: Readonly<Record<string, string>> = {
  OPEN: 'NEW',
  PARTIALLY_FILLED: 'PARTIALLY_FILLED',
  FILLED: 'FILLED',
  CANCELED: 'CANCELLED',
};

/** An order as REST answers it (the fields compared). */
export type RestOrder = Record<string, unknown>;

/** What a WS order says in REST's words: every figure, flag and state REST's order answer carries. */
export function wsFigures(o: WsOrder): Record<string, unknown> {
  const stop = o.activation_price !== undefined;
  return {
    market: o.market,
    side: o.side === 2 ? 'buy' : o.side === 1 ? 'sell' : `side ${o.side}`,
    type: REST_TYPE[o.type] ?? `type ${o.type}`,
    amount: o.amount,
    left: o.left,
    price: o.price,
    dealStock: o.deal_stock,
    dealMoney: o.deal_money,
    dealFee: o.deal_fee,
    status: REST_STATUS[o.status] ?? o.status,
    stp: o.stp,
    postOnly: o.post_only,
    ioc: o.ioc,
    positionSide: o.position_side,
    rpi: o.rpi,
    ...(COLLATERAL_TYPES.has(o.type) ? { reduceOnly: o.reduce_only } : {}),
    ...(stop
      ? { activated: o.activated, activationCondition: o.activation_condition, activationPrice: o.activation_price }
      : {}),
  };
}

/** The same fields of a REST order answer. */
export function restFigures(o: RestOrder): Record<string, unknown> {
  const stop = o.activation_price !== undefined;
  return {
    market: o.market,
    side: o.side,
    type: o.type,
    amount: o.amount,
    left: o.left,
    price: o.price,
    dealStock: o.dealStock,
    dealMoney: o.dealMoney,
    dealFee: o.dealFee,
    status: o.status,
    stp: o.stp,
    postOnly: o.postOnly,
    ioc: o.ioc,
    positionSide: o.positionSide,
    rpi: o.rpi,
    ...(o.reduceOnly !== undefined ? { reduceOnly: o.reduceOnly } : {}),
    ...(stop
      ? { activated: o.activated, activationCondition: o.activationCondition, activationPrice: o.activation_price }
      : {}),
  };
}

/** Asserts the WS answer has the documented fields, in order, with their types. */
export function assertOrderShape(o: WsOrder): void {
  const stop = o.activation_price !== undefined;
  assert.deepEqual(Object.keys(o), stop ? STOP_KEYS : ORDER_KEYS);
  for (const k of ['id', 'type', 'side', 'ctime', 'mtime']) assert.equal(typeof o[k as keyof WsOrder], 'number', k);
  for (const k of ['price', 'amount', 'left', 'deal_stock', 'deal_money', 'deal_fee', 'client_order_id', 'stp']) {
    assert.equal(typeof o[k as keyof WsOrder], 'string', k);
  }
  for (const k of ['post_only', 'ioc', 'rpi', 'reduce_only']) assert.equal(typeof o[k as keyof WsOrder], 'boolean', k);
  assert.ok(Number.isInteger(o.id) && Number.isInteger(o.type) && (o.side === 1 || o.side === 2));
  if (stop) assert.ok(o.activated === 0 || o.activated === 1);
}

/** A socket authorized as the client's user. */
export async function authorizedSocket(server: TestServer, client: TxcClient): Promise<WsTestClient> {
  const ws = await WsTestClient.connect(server.url);
  const { websocket_token: token } = await client.websocketToken();
  await ws.call('authorize', [token, 'public']);
  return ws;
}

/** Calls an order method with its one object of params; the answer, result or error. */
export function orderCall(ws: WsTestClient, method: string, params: Record<string, unknown>): Promise<Answer> {
  return ws.request(method, [params]);
}

/** An order method's result (failing the test on an error answer). */
export async function placed(ws: WsTestClient, method: string, params: Record<string, unknown>): Promise<WsOrder> {
  const answer = await orderCall(ws, method, params);
  assert.equal(answer.error, null, `${method}: ${JSON.stringify(answer.error)}`);
  return answer.result as WsOrder;
}

/** Asserts an order method's error answer: its code, and a message starting as given. */
export async function refused(
  ws: WsTestClient,
  method: string,
  params: Record<string, unknown>,
  code: number,
  message: string,
): Promise<void> {
  const answer = await orderCall(ws, method, params);
  assert.equal(answer.result, null, `${method} ${JSON.stringify(params)} was not refused`);
  assert.equal(answer.error?.code, code, `${method} ${JSON.stringify(params)}: ${JSON.stringify(answer.error)}`);
  assert.ok(answer.error.message.startsWith(message), `${answer.error.message} should start with ${message}`);
}
