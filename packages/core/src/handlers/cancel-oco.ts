import type { ApplyContext } from '../commands/context.js';
import type { CancelOco, OcoCancelled } from '../commands/oco-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import type { OcoGroup } from '../state/oco-groups.js';
import type { State } from '../state/state.js';
import { clientIdKey } from '../state/trading-state.js';
import { execFor } from '../trading/exec-context.js';
import { cancelOpen } from '../trading/finish.js';

/** The live group the command names: by its id, or by the client order id of one of its legs. */
function groupOf(state: State, cmd: CancelOco): OcoGroup | undefined {
  if (cmd.ocoId !== undefined) return state.ocos.get(cmd.ocoId);
  if (cmd.clientOrderId === undefined || cmd.clientOrderId === '') return undefined;
  const legId = state.trading.byClientId.get(clientIdKey(cmd.user, cmd.market, cmd.clientOrderId));
  return legId === undefined ? undefined : state.ocos.get(legId);
}

/**
 * Cancels a live OCO group: its stop leg, which takes the limit leg with it (trading/finish). A group
 * that has dissolved (a leg traded, triggered or ended) is not found, as the exchange answers for a
 * filled or cancelled one.
 */
export function cancelOco(state: State, cmd: CancelOco, ctx: ApplyContext): Result<OcoCancelled> {
  const group = groupOf(state, cmd);
  if (group === undefined || group.user !== cmd.user || group.market !== cmd.market) return reject('OCO_NOT_FOUND');
  const exec = execFor(state, cmd.market, ctx);
  const stop = state.trading.orders.get(group.stopId);
  const limit = state.trading.orders.get(group.limitId);
  if (exec === undefined || stop === undefined || limit === undefined) return reject('OCO_NOT_FOUND');
  cancelOpen(exec, stop);
  return ok({ id: group.id, stopLoss: stop, takeProfit: limit });
}
