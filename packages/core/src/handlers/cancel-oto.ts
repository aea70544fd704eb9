import type { ApplyContext } from '../commands/context.js';
import type { CancelOto, OtoCancelled } from '../commands/order-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { cancelLegs } from '../trading/oto.js';
import type { State } from '../state/state.js';
import { execFor } from '../trading/exec-context.js';
import { cancelOpen } from '../trading/finish.js';
import type { OrderView } from '../state/order.js';

export function cancelOto(state: State, cmd: CancelOto, ctx: ApplyContext): Result<OtoCancelled> {
  const group = state.collateral.otos.get(cmd.otoId);
  if (group === undefined || group.user !== cmd.user || group.market !== cmd.market) return reject('OTO_NOT_FOUND');
  const exec = execFor(state, cmd.market, ctx);
  if (exec === undefined) return reject('OTO_NOT_FOUND');
  const parent = group.parentOpen ? state.trading.orders.get(group.parentId) : undefined;
  const legs = cancelLegs(exec, group);
  const parentView = parent === undefined ? null : cancelOpen(exec, parent);
  state.collateral.otos.delete(group.id);
  const leg = (role: 'stopLoss' | 'takeProfit'): OrderView | null =>
    legs.find((order) => order.oto?.role === role) ?? null;
  return ok({
    otoId: group.id,
    parentId: group.parentId,
    parent: parentView,
    stopLoss: leg('stopLoss'),
    takeProfit: leg('takeProfit'),
  });
}
