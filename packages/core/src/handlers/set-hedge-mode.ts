import type { ApplyContext } from '../commands/context.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { accountOf } from '../state/collateral-state.js';
import { hasFuturesExposure } from '../collateral/futures-exposure.js';
import { accountView } from '../collateral/margin.js';
import type { State } from '../state/state.js';

/**
 * Turns hedge mode of a user's collateral account on or off (reference §6.6). Hedge mode governs
 * perpetuals: while the account holds a futures position or an open futures order it cannot change
 * (code 113); asking for the mode already set always succeeds.
 */
export interface SetHedgeMode {
  readonly type: 'SetHedgeMode';
  readonly user: string;
  readonly hedgeMode: boolean;
}

export function setHedgeMode(state: State, cmd: SetHedgeMode, ctx: ApplyContext): Result<{ hedgeMode: boolean }> {
  if (!state.users.has(cmd.user)) return reject('UNKNOWN_USER', { user: cmd.user });
  const view = accountView(state, cmd.user);
  if (view.hedgeMode === cmd.hedgeMode) return ok({ hedgeMode: cmd.hedgeMode });
  if (hasFuturesExposure(state, cmd.user)) return reject('HEDGE_MODE_LOCKED');
  accountOf(state.collateral, cmd.user).hedgeMode = cmd.hedgeMode;
  ctx.emit({ type: 'HedgeModeSet', user: cmd.user, hedgeMode: cmd.hedgeMode, time: ctx.time });
  return ok({ hedgeMode: cmd.hedgeMode });
}
