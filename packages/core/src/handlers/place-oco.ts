import type { ApplyContext } from '../commands/context.js';
import type { OcoPlaced, PlaceOco } from '../commands/oco-commands.js';
import type { PlaceOrder } from '../commands/order-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { applyHold } from '../collateral/holds.js';
import { addOcoGroup } from '../state/oco-groups.js';
import type { Order, OrderView } from '../state/order.js';
import { viewOf } from '../state/order-snapshot.js';
import type { State } from '../state/state.js';
import { execFor } from '../trading/exec-context.js';
import { launch, orderOf } from '../trading/placement.js';
import { checkCollateralOrder } from './place-collateral-order.js';

/** One leg of the group as the collateral order it is: no flags, no OTO legs of its own. */
function legCommand(cmd: PlaceOco, leg: 'limit' | 'stop limit'): PlaceOrder {
  const stop = leg === 'stop limit';
  return {
    type: 'PlaceOrder',
    user: cmd.user,
    account: 'collateral',
    market: cmd.market,
    side: cmd.side,
    orderType: leg,
    price: stop ? cmd.stopLimitPrice : cmd.price,
    amount: cmd.amount,
    activationPrice: stop ? cmd.activationPrice : 0,
    activationPriceText: stop ? cmd.activationPriceText : '',
    clientOrderId: stop ? cmd.stopClientOrderId : cmd.limitClientOrderId,
    postOnly: false,
    ioc: false,
    stp: cmd.stp,
    ...(cmd.positionSide === undefined ? {} : { positionSide: cmd.positionSide }),
    reduceOnly: cmd.reduceOnly ?? false,
  };
}

function shown(order: Order): OrderView {
  return order.finished === null ? viewOf(order) : order;
}

/**
 * Places an OCO group: both legs pass every check of a collateral order of their own (the limit
 * leg's hold and the stop leg's trigger included), the stop leg's trigger lies on the side the
 * group's side implies (buy: above the last trade, `gte`; sell: below, `lte`) and the limit leg's
 * price on the other side of it. Margin is counted once for the group, at its dearer leg (see
 * collateral/margin); on a spot pair only the limit leg holds funds, the stop leg being funded when
 * it triggers, after the limit leg's hold is released. The limit leg then executes at once what it
 * can, and if it trades the stop leg is cancelled.
 */
export function placeOco(state: State, cmd: PlaceOco, ctx: ApplyContext): Result<OcoPlaced> {
  const user = state.users.get(cmd.user);
  if (user === undefined) return reject('UNKNOWN_USER', { user: cmd.user });
  const exec = execFor(state, cmd.market, ctx);
  if (exec === undefined || !exec.units.spec.tradesEnabled)
    return reject('MARKET_NOT_AVAILABLE', { market: cmd.market });
  if (cmd.limitClientOrderId !== '' && cmd.limitClientOrderId === cmd.stopClientOrderId) {
    return reject('OCO_CLIENT_IDS_SAME');
  }
  const buy = cmd.side === 'buy';
  if (buy ? cmd.price >= cmd.activationPrice : cmd.price <= cmd.activationPrice) return reject('OCO_PRICES_WRONG');
  const limitCmd = legCommand(cmd, 'limit');
  const stopCmd = legCommand(cmd, 'stop limit');
  const limit = checkCollateralOrder(state, user, exec, limitCmd);
  if (!limit.ok) return limit;
  const stop = checkCollateralOrder(state, user, exec, stopCmd);
  if (!stop.ok) return stop;
  if (stop.value.condition !== (buy ? 'gte' : 'lte')) return reject('OCO_ACTIVATION_WRONG');

  const id = state.trading.nextOrderId++;
  const stopOrder = orderOf(state, stopCmd, ctx.time, stop.value.condition, { ...stop.value.placement, oto: null });
  const limitOrder = orderOf(state, limitCmd, ctx.time, null, { ...limit.value.placement, oto: null });
  addOcoGroup(state.ocos, { id, user: cmd.user, market: cmd.market, limitId: limitOrder.id, stopId: stopOrder.id });
  launch(exec, stopOrder);
  const hold = limit.value.hold;
  if (hold !== undefined) applyHold(state, user, limitOrder, hold.ticker, hold.plan);
  launch(exec, limitOrder);
  return ok({ id, stopLoss: shown(stopOrder), takeProfit: shown(limitOrder) });
}
