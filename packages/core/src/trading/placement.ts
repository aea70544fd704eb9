import type { PlaceOrder } from '../commands/order-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { newOrder, type ActivationCondition, type Order, type OrderView, type Placement } from '../state/order.js';
import { viewOf } from '../state/order-snapshot.js';
import type { State } from '../state/state.js';
import { clientIdKey, indexOpen } from '../state/trading-state.js';
import type { Exec } from './exec-context.js';
import { run, runTriggered } from './matching.js';

/** The answer for an order that is not a stop: shared, so placing an order allocates no result for it. */
const NOT_A_STOP: Result<ActivationCondition | null> = ok(null);

function positive(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0;
}

/**
 * The checks every order passes, spot or collateral: its figures, its flags (RPI orders are limit
 * orders that never take liquidity, so never IOC), its client id, and a stop's activation condition
 * (set against the last trade price). Answers the condition. An order that replaces another
 * (`replacing`, its id) may take that order's client id.
 */
export function checkOrderShape(
  state: State,
  exec: Exec,
  cmd: PlaceOrder,
  replacing?: number,
): Result<ActivationCondition | null> {
  const limited = cmd.orderType === 'limit' || cmd.orderType === 'stop limit';
  const stop = cmd.orderType === 'stop market' || cmd.orderType === 'stop limit';
  if (!positive(cmd.amount)) return reject('INVALID_ARGUMENT', { field: 'amount' });
  if (limited ? !positive(cmd.price) : cmd.price !== 0) return reject('INVALID_ARGUMENT', { field: 'price' });
  if (stop ? !positive(cmd.activationPrice) : cmd.activationPrice !== 0) {
    return reject('INVALID_ARGUMENT', { field: 'activation_price' });
  }
  if (cmd.ioc && cmd.postOnly) return reject('IOC_AND_POST_ONLY');
  // RPI orders only ever rest: post-only by design
  if (cmd.rpi === true && cmd.ioc) return reject('RPI_AND_IOC');
  if (cmd.rpi === true && cmd.orderType !== 'limit') return reject('INVALID_ARGUMENT', { field: 'rpi' });
  if (!limited && (cmd.ioc || cmd.postOnly)) return reject('INVALID_ARGUMENT', { field: cmd.ioc ? 'ioc' : 'postOnly' });
  if (cmd.clientOrderId !== '') {
    const holder = state.trading.byClientId.get(clientIdKey(cmd.user, cmd.market, cmd.clientOrderId));
    if (holder !== undefined && holder !== replacing) return reject('CLIENT_ORDER_ID_IN_USE');
  }
  if (!stop) return NOT_A_STOP;
  const last = exec.market.lastPrice;
  if (last === null) return reject('STOP_NO_LAST_PRICE');
  if (cmd.activationPrice === last) return reject('STOP_AT_LAST_PRICE');
  return ok(cmd.activationPrice > last ? 'gte' : 'lte');
}

/** A new order from its command: what the command says, and what placing it decided (`decided`). */
export function orderOf(
  state: State,
  cmd: PlaceOrder,
  created: number,
  condition: ActivationCondition | null,
  decided: Placement,
): Order {
  return newOrder(state.trading.nextOrderId++, cmd, created, condition, decided);
}

/** Puts a new order to work: a stop waits in its trigger list, any other executes now. */
export function launch(exec: Exec, order: Order): Result<OrderView> {
  const trading = exec.trading;
  indexOpen(trading, order);
  if (order.activationCondition !== null) {
    exec.market.stops.add(order);
    return ok(viewOf(order));
  }
  run(exec, order);
  runTriggered(exec);
  // a finished order never changes again: it answers as it is
  return ok(order.finished === null ? viewOf(order) : order);
}
