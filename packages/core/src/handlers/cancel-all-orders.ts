import type { ApplyContext } from '../commands/context.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import type { State } from '../state/state.js';
import { execFor } from '../trading/exec-context.js';
import type { Order } from '../state/order.js';
import { openOrdersOf } from '../state/trading-state.js';
import { cancelByUser } from '../collateral/oto.js';

/** Which orders `order/cancel/all` reaches, by the reference's `type` names. */
export type OrderKind = 'spot' | 'margin' | 'futures';

/** Cancels every open order of a user, on one market or all, of the kinds named (all when null). */
export interface CancelAllOrders {
  readonly type: 'CancelAllOrders';
  readonly user: string;
  readonly market: string | null;
  readonly kinds: readonly OrderKind[] | null;
}

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
