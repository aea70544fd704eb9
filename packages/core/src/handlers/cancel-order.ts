import type { ApplyContext } from '../commands/context.js';
import type { CancelOrder } from '../commands/order-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { cancelByUser } from '../trading/oto.js';
import type { State } from '../state/state.js';
import { execFor } from '../trading/exec-context.js';
import type { OrderView } from '../state/order.js';
import { clientIdKey } from '../state/trading-state.js';

export function cancelOrder(state: State, cmd: CancelOrder, ctx: ApplyContext): Result<OrderView> {
  const t = state.trading;
  const id =
    cmd.orderId !== undefined
      ? cmd.orderId
      : cmd.clientOrderId !== undefined
        ? t.byClientId.get(clientIdKey(cmd.user, cmd.market, cmd.clientOrderId))
        : undefined;
  const order = id === undefined ? undefined : t.orders.get(id);
  if (order === undefined || order.user !== cmd.user || order.market !== cmd.market) return reject('ORDER_NOT_FOUND');
  const exec = execFor(state, cmd.market, ctx);
  if (exec === undefined) return reject('ORDER_NOT_FOUND');
  return ok(cancelByUser(exec, order));
}
