import type { ApplyContext } from '../commands/context.js';
import type { FireKillSwitch } from '../commands/kill-switch-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { killSwitchKey } from '../state/kill-switches.js';
import type { State } from '../state/state.js';
import { cancelAllOrders } from './cancel-all-orders.js';

/**
 * Sets off an expired kill-switch: cancels its user's open orders on its market of the kinds it
 * names, as `order/cancel/all` would, and disarms it. Refused while it is not due.
 */
export function fireKillSwitch(
  state: State,
  cmd: FireKillSwitch,
  ctx: ApplyContext,
): Result<{ cancelled: number; expired: number }> {
  const key = killSwitchKey(cmd.user, cmd.market);
  const armed = state.killSwitches.get(key);
  if (armed === undefined || armed.expiresAt > ctx.time) return reject('KILL_SWITCH_NOT_DUE');
  const done = cancelAllOrders(
    state,
    { type: 'CancelAllOrders', user: armed.user, market: armed.market, kinds: armed.kinds },
    ctx,
  );
  if (!done.ok) return done;
  state.killSwitches.delete(key);
  return ok({ cancelled: done.value.cancelled, expired: armed.expiresAt });
}
