import type { OrderView } from '@txc/core';
import { BULK_CANCELS_MAX, BULK_ORDERS_MAX, type FieldErrors } from '@txc/sdk';
import { FieldValidation } from '../http/validation/field-validation.js';
import { clientOrderIdField } from '../http/validation/order-fields/client-order-id.js';
import { hasOrderId, orderIdField } from '../http/validation/order-fields/order-id.js';
import type { Venue } from '../venue/venue.js';
import { invalidAnswer, parsePlaceOrder } from './place-order.js';
import { tradingRejection, type CatalogueAnswer } from './trading-rejection.js';

/** One item of a bulk request as it ended: the order placed or cancelled, or its refusal. */
export type BulkOutcome = { readonly order: OrderView } | { readonly refused: CatalogueAnswer };

export type BulkAnswer = { readonly invalid: FieldErrors } | { readonly items: readonly BulkOutcome[] };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const INVALID_ITEM: BulkOutcome = {
  refused: { name: 'orderValidation', errors: { request: ['Invalid order format'] } },
};

/**
 * Pending outcomes in request order, made in one synchronous pass so that every command is applied
 * against the state its predecessors left and all of them go in one group commit.
 */
async function settle(pending: readonly (BulkOutcome | Promise<BulkOutcome>)[]): Promise<BulkAnswer> {
  return { items: await Promise.all(pending.map(async (p) => p)) };
}

/**
 * `order/bulk`: up to BULK_ORDERS_MAX spot limit orders, each read as `order/new` reads one and placed
 * in the order given. With `stopOnFail`, the first item refused (by the validation or by the engine)
 * ends the request: the items after it are not placed and not answered.
 */
export async function placeBulk(venue: Venue, user: string, body: Record<string, unknown>): Promise<BulkAnswer> {
  const orders = body.orders;
  const stopOnFail = body.stopOnFail ?? false;
  const errors: FieldErrors = {};
  if (!Array.isArray(orders)) errors.orders = ['The orders must be an array.'];
  else if (orders.length < 1 || orders.length > BULK_ORDERS_MAX) {
    errors.orders = [`The orders must contain between 1 and ${BULK_ORDERS_MAX} items.`];
  }
  if (typeof stopOnFail !== 'boolean') errors.stopOnFail = ['The stopOnFail field must be true or false.'];
  if (Object.keys(errors).length > 0 || !Array.isArray(orders)) return { invalid: errors };
  const pending = venue.inOneCommit(() => {
    const out: (BulkOutcome | Promise<BulkOutcome>)[] = [];
    for (const item of orders) {
      const parsed = isObject(item) ? parsePlaceOrder(venue.state, user, item, 'limit', 'spot') : undefined;
      if (parsed === undefined || !('cmd' in parsed)) {
        out.push(parsed === undefined ? INVALID_ITEM : { refused: invalidAnswer(parsed) });
        if (stopOnFail) break;
        continue;
      }
      // the command is applied now: the state's seq moves only when it is accepted
      const before = venue.state.seq;
      out.push(
        venue
          .submit(parsed.cmd)
          .then(({ result }) =>
            result.ok ? { order: result.value } : { refused: tradingRejection(result.rejection) },
          ),
      );
      if (stopOnFail && venue.state.seq === before) break;
    }
    return out;
  });
  return settle(pending);
}

/** `order/cancel/bulk`'s per-item refusals, in its own words (exchange docs). */
function cancelItemError(field: string, message: string): BulkOutcome {
  return { refused: { name: 'orderValidation', errors: { [field]: [message] } } };
}

/** One cancel of `order/cancel/bulk`, checked: its command, or its refusal. */
function cancelCommand(venue: Venue, user: string, item: unknown) {
  if (!isObject(item)) return INVALID_ITEM;
  const market = item.market;
  if (market === undefined || market === null || market === '') return cancelItemError('market', 'validation.required');
  if (typeof market !== 'string' || !venue.state.markets.has(market)) {
    return cancelItemError('market', 'validation.market_not_exist');
  }
  const v = new FieldValidation(item);
  const orderId = orderIdField(v);
  const clientOrderId = clientOrderIdField(v);
  if (v.failed) return { refused: { name: 'orderValidation', errors: v.errors } } as BulkOutcome;
  if (hasOrderId(v) && clientOrderId !== '') return cancelItemError('request', 'api.validation.order.chooseOneId');
  if (orderId === undefined && clientOrderId === '') return cancelItemError('request', 'validation.required');
  return orderId !== undefined
    ? ({ type: 'CancelOrder', user, market, orderId } as const)
    : ({ type: 'CancelOrder', user, market, clientOrderId } as const);
}

/**
 * `order/cancel/bulk`: up to BULK_CANCELS_MAX cancels, every one tried in the order given (there is
 * no stop-on-failure switch), all durable in one group commit.
 */
export async function cancelBulk(venue: Venue, user: string, body: Record<string, unknown>): Promise<BulkAnswer> {
  const orders = body.orders;
  if (!Array.isArray(orders)) return { invalid: { orders: ['validation.required'] } };
  if (orders.length < 1 || orders.length > BULK_CANCELS_MAX) return { invalid: { orders: ['validation.between'] } };
  const pending = venue.inOneCommit(() =>
    orders.map((item): BulkOutcome | Promise<BulkOutcome> => {
      const cmd = cancelCommand(venue, user, item);
      if (!('type' in cmd)) return cmd;
      return venue.submit(cmd).then(({ result }) => {
        if (result.ok) return { order: result.value };
        return result.rejection.reason === 'ORDER_NOT_FOUND'
          ? { refused: { name: 'bulkCancelNotFound' } }
          : { refused: tradingRejection(result.rejection) };
      });
    }),
  );
  return settle(pending);
}
