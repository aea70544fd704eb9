import type { ApplyContext } from '../commands/context.js';
import {
  KILL_SWITCH_MAX_SECONDS,
  KILL_SWITCH_MIN_SECONDS,
  type SetKillSwitch,
} from '../commands/kill-switch-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { killSwitchKey, type KillSwitch } from '../state/kill-switches.js';
import type { State } from '../state/state.js';

const KINDS = ['spot', 'margin', 'futures'];

/** Arms, refreshes or disarms a kill-switch; answers it as it now stands, null once disarmed. */
export function setKillSwitch(state: State, cmd: SetKillSwitch, ctx: ApplyContext): Result<KillSwitch | null> {
  if (!state.users.has(cmd.user)) return reject('UNKNOWN_USER', { user: cmd.user });
  if (!state.markets.has(cmd.market)) return reject('MARKET_NOT_AVAILABLE', { market: cmd.market });
  const key = killSwitchKey(cmd.user, cmd.market);
  if (cmd.timeout === null) {
    state.killSwitches.delete(key);
    return ok(null);
  }
  const t = cmd.timeout;
  if (!Number.isSafeInteger(t) || t < KILL_SWITCH_MIN_SECONDS || t > KILL_SWITCH_MAX_SECONDS) {
    return reject('INVALID_ARGUMENT', { field: 'timeout' });
  }
  if (cmd.kinds !== null && (cmd.kinds.length === 0 || cmd.kinds.some((k) => !KINDS.includes(k)))) {
    return reject('INVALID_ARGUMENT', { field: 'types' });
  }
  const armed: KillSwitch = {
    user: cmd.user,
    market: cmd.market,
    kinds: cmd.kinds === null ? null : [...cmd.kinds],
    start: ctx.time,
    expiresAt: ctx.time + t * 1_000_000,
  };
  state.killSwitches.set(key, armed);
  return ok(armed);
}
