import type { ApplyContext } from '../commands/context.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { accountOf } from '../collateral/collateral-state.js';
import { accountFigures, accountView } from '../collateral/margin.js';
import { withinBrackets } from '../collateral/place-collateral-order.js';
import { LEVERAGES } from '../spec/market.js';
import type { State } from '../state/state.js';

/**
 * Sets the leverage of a user's collateral account (reference §6.5): one of LEVERAGES, applied to
 * every market (each clamped to its own maximum). A leverage under which the positions and open
 * orders would need more margin than the equity is refused (code 17), and so is one whose brackets
 * the positions would exceed (111).
 */
export interface SetLeverage {
  readonly type: 'SetLeverage';
  readonly user: string;
  readonly leverage: number;
}

export function setLeverage(state: State, cmd: SetLeverage, ctx: ApplyContext): Result<{ leverage: number }> {
  if (!state.users.has(cmd.user)) return reject('UNKNOWN_USER', { user: cmd.user });
  if (!LEVERAGES.includes(cmd.leverage)) return reject('LEVERAGE_INVALID');
  const current = accountView(state, cmd.user);
  const next = { ...current, leverage: cmd.leverage };
  if (!withinBrackets(state, cmd.user, next)) return reject('POSITION_TOO_BIG');
  const before = accountFigures(state, cmd.user, ctx.time);
  const after = accountFigures(state, cmd.user, ctx.time, { account: next });
  if (after.margin > before.margin && after.margin > after.equity) return reject('LEVERAGE_NOT_ENOUGH_BALANCE');
  accountOf(state.collateral, cmd.user).leverage = cmd.leverage;
  ctx.emit({ type: 'LeverageSet', user: cmd.user, leverage: cmd.leverage, time: ctx.time });
  return ok({ leverage: cmd.leverage });
}
