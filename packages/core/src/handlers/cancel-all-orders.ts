import type { ApplyContext } from '../commands/context.js';
import type { CancelAllOrders, OrderKind } from '../commands/order-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import type { State } from '../state/state.js';
import { execFor } from '../trading/exec-context.js';
import type { Order } from '../state/order.js';
import { openOrdersOf } from '../state/trading-state.js';
import { cancelByUser } from '../trading/oto.js';

export function orderKind(state: State, order: Order): OrderKind {
  if (order.account === 'spot') return 'spot';
  return state.markets.get(order.market)?.type === 'futures' ? 'futures' : 'margin';
}

export function cancelAllOrders(state: State, cmd: CancelAllOrders, ctx: ApplyContext): Result<{ cancelled: number }> {
  if (!state.users.has(cmd.user)) return reject('UNKNOWN_USER', { user: cmd.user });
  let cancelled = 0;
  for (const order of openOrdersOf(state.trading, cmd.user)) {
    // an OTO parent cancelled earlier in the loop took its legs with it
    if (order.finished !== null) continue;
    if (cmd.market !== null && order.market !== cmd.market) continue;
    if (cmd.kinds !== null && !cmd.kinds.includes(orderKind(state, order))) continue;
    const exec = execFor(state, order.market, ctx);
    if (exec === undefined) continue;
    cancelByUser(exec, order);
    cancelled++;
  }
  return ok({ cancelled });
}
