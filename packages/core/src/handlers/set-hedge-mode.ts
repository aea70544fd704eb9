import type { ApplyContext } from '../commands/context.js';
import type { SetHedgeMode } from '../commands/collateral-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { accountOf } from '../state/collateral-state.js';
import { hasFuturesExposure } from '../collateral/futures-exposure.js';
import { accountView } from '../collateral/margin.js';
import type { State } from '../state/state.js';

export function setHedgeMode(state: State, cmd: SetHedgeMode, ctx: ApplyContext): Result<{ hedgeMode: boolean }> {
  if (!state.users.has(cmd.user)) return reject('UNKNOWN_USER', { user: cmd.user });
  const view = accountView(state, cmd.user);
  if (view.hedgeMode === cmd.hedgeMode) return ok({ hedgeMode: cmd.hedgeMode });
  if (hasFuturesExposure(state, cmd.user)) return reject('HEDGE_MODE_LOCKED');
  accountOf(state.collateral, cmd.user).hedgeMode = cmd.hedgeMode;
  ctx.emit({ type: 'HedgeModeSet', user: cmd.user, hedgeMode: cmd.hedgeMode, time: ctx.time });
  return ok({ hedgeMode: cmd.hedgeMode });
}
