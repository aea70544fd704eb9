import type { ApplyContext } from '../commands/context.js';
import type { ModifyOrder } from '../commands/modify-commands.js';
import type { PlaceOrder } from '../commands/order-commands.js';
import { reject, type Result } from '../commands/rejection.js';
import type { Order, OrderView } from '../state/order.js';
import type { State } from '../state/state.js';
import { clientIdKey } from '../state/trading-state.js';
import { placeOrder } from './place-order.js';

function openOrder(state: State, cmd: ModifyOrder): Order | undefined {
  const t = state.trading;
  const id =
    cmd.orderId !== undefined
      ? cmd.orderId
      : cmd.clientOrderId !== undefined
        ? t.byClientId.get(clientIdKey(cmd.user, cmd.market, cmd.clientOrderId))
        : undefined;
  const order = id === undefined ? undefined : t.orders.get(id);
  return order === undefined || order.user !== cmd.user || order.market !== cmd.market ? undefined : order;
}

/** What an open order now is: a stop-limit that has triggered rests as the limit order it became. */
function liveType(order: Order): Order['type'] {
  return order.type === 'stop limit' && order.activated !== 0 ? 'limit' : order.type;
}

/** The figure a modification may not change on this order, if it names one (reference §5.10: 158, 159, 162, 163). */
function misfit(order: Order, cmd: ModifyOrder): Result<never> | undefined {
  const type = liveType(order);
  const stop = type === 'stop limit' || type === 'stop market';
  if (cmd.activationPrice !== undefined && !stop) return reject('MODIFY_ACTIVATION_NOT_ALLOWED');
  if (cmd.price !== undefined && order.type === 'stop market') return reject('MODIFY_PRICE_NOT_ALLOWED');
  if (cmd.total !== undefined && !order.byMoney) return reject('MODIFY_TOTAL_NOT_ALLOWED');
  if (cmd.amount !== undefined && order.byMoney) return reject('MODIFY_AMOUNT_NOT_ALLOWED');
  return undefined;
}

/**
 * The order that replaces `order`: the figures the command gives, the old order's others. Without a
 * new amount it is for what the old order had left: what was filled stays filled.
 */
function replacement(order: Order, cmd: ModifyOrder): PlaceOrder {
  const type = liveType(order);
  const stop = type === 'stop limit' || type === 'stop market';
  const activation = !stop
    ? { ticks: 0, text: '' }
    : (cmd.activationPrice ?? { ticks: order.activationPrice, text: order.activationPriceText });
  return {
    type: 'PlaceOrder',
    user: order.user,
    account: 'spot',
    market: order.market,
    side: order.side,
    orderType: type,
    price: cmd.price ?? order.price,
    amount: (order.byMoney ? cmd.total : cmd.amount) ?? order.left,
    activationPrice: activation.ticks,
    activationPriceText: activation.text,
    clientOrderId: order.clientOrderId,
    postOnly: order.postOnly,
    ioc: order.ioc,
    stp: order.stp,
    ...(order.rpi ? { rpi: true } : {}),
  };
}

/**
 * Cancels an open spot order and places its replacement, in one command (reference §5.9): only
 * limit, stop-limit and stop-market orders rest, so only they are found; a stop-limit that has
 * triggered is a limit order in the book and is replaced by one. The replacement passes
 * every check a new order passes, against the state without the old order; when it fails the old
 * order stays as it was. Collateral orders are not modified here (docs/decisions.md).
 */
export function modifyOrder(state: State, cmd: ModifyOrder, ctx: ApplyContext): Result<OrderView> {
  if (!state.users.has(cmd.user)) return reject('UNKNOWN_USER', { user: cmd.user });
  const order = openOrder(state, cmd);
  if (order === undefined) return reject('ORDER_NOT_FOUND');
  if (order.account !== 'spot') return reject('ORDER_NOT_MODIFIABLE');
  if (
    cmd.price === undefined &&
    cmd.amount === undefined &&
    cmd.total === undefined &&
    cmd.activationPrice === undefined
  ) {
    return reject('INVALID_ARGUMENT', { field: 'amount' });
  }
  const refused = misfit(order, cmd);
  if (refused !== undefined) return refused;
  return placeOrder(state, replacement(order, cmd), ctx, order);
}
