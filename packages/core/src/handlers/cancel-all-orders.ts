import type { ApplyContext } from '../commands/context.js';
import type { CancelAllOrders, OrderKind } from '../commands/order-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import type { State } from '../state/state.js';
import { execFor } from '../trading/exec-context.js';
import type { Order } from '../state/order.js';
import { openOrdersOf } from '../state/trading-state.js';
import { cancelByUser } from '../trading/oto.js';

export function orderKind(state: State, o: Order): OrderKind {
  if (o.account === 'spot') return 'spot';
  return state.markets.get(o.market)?.type === 'futures' ? 'futures' : 'margin';
}

export function cancelAllOrders(state: State, cmd: CancelAllOrders, ctx: ApplyContext): Result<{ cancelled: number }> {
  if (!state.users.has(cmd.user)) return reject('UNKNOWN_USER', { user: cmd.user });
  let cancelled = 0;
  for (const o of openOrdersOf(state.trading, cmd.user)) {
    // an OTO parent cancelled earlier in the loop took its legs with it
    if (o.finished !== null) continue;
    if (cmd.market !== null && o.market !== cmd.market) continue;
    if (cmd.kinds !== null && !cmd.kinds.includes(orderKind(state, o))) continue;
    const x = execFor(state, o.market, ctx);
    if (x === undefined) continue;
    cancelByUser(x, o);
    cancelled++;
  }
  return ok({ cancelled });
}
