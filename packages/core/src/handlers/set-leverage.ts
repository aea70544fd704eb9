import type { ApplyContext } from '../commands/context.js';
import type { SetLeverage } from '../commands/collateral-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { accountOf, type CollateralAccount } from '../state/collateral-state.js';
import { accountFigures, accountView, maintenanceOf } from '../collateral/margin.js';
import { hasFuturesExposure } from '../collateral/futures-exposure.js';
import { withinBrackets } from '../collateral/brackets.js';
import { LEVERAGES } from '../spec/market.js';
import { follows, RULES } from '../state/rules.js';
import type { State } from '../state/state.js';

export function setLeverage(state: State, cmd: SetLeverage, ctx: ApplyContext): Result<{ leverage: number }> {
  if (!state.users.has(cmd.user)) return reject('UNKNOWN_USER', { user: cmd.user });
  if (!LEVERAGES.includes(cmd.leverage)) return reject('LEVERAGE_INVALID');
  const current = accountView(state, cmd.user);
  const next = { ...current, leverage: cmd.leverage };
  // the first rules checked a leverage asked for again like a new one, and locked none
  const locking = follows(state, RULES.lockedLeverage);
  if (!locking || cmd.leverage !== current.leverage) {
    if (locking && (hasFuturesExposure(state, cmd.user) || lowersMaintenance(state, current, next)))
      return reject('LEVERAGE_LOCKED');
    if (!withinBrackets(state, cmd.user, next)) return reject('POSITION_TOO_BIG');
    const before = accountFigures(state, cmd.user, ctx.time);
    const after = accountFigures(state, cmd.user, ctx.time, { account: next });
    if (after.margin > before.margin && after.margin > after.equity) return reject('LEVERAGE_NOT_ENOUGH_BALANCE');
  }
  accountOf(state.collateral, cmd.user).leverage = cmd.leverage;
  ctx.emit({ type: 'LeverageSet', user: cmd.user, leverage: cmd.leverage, time: ctx.time });
  return ok({ leverage: cmd.leverage });
}

/** Whether a position would be held to a lower maintenance rate under `next` (a venue may rate a spot pair by leverage too). */
function lowersMaintenance(state: State, current: CollateralAccount, next: CollateralAccount): boolean {
  for (const pos of current.positions.values()) {
    const spec = state.markets.get(pos.market);
    if (pos.size !== 0 && spec !== undefined && maintenanceOf(next, spec) < maintenanceOf(current, spec)) return true;
  }
  return false;
}
