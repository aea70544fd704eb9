import type { ApplyContext } from '../commands/context.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { accountOf } from '../collateral/collateral-state.js';
import { accountView } from '../collateral/margin.js';
import type { State } from '../state/state.js';
import { openOrdersOf } from '../trading/trading-state.js';

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
  const futures = (market: string): boolean => state.markets.get(market)?.type === 'futures';
  for (const pos of view.positions.values())
    if (pos.size !== 0 && futures(pos.market)) return reject('HEDGE_MODE_LOCKED');
  for (const o of openOrdersOf(state.trading, cmd.user)) {
    if (o.account === 'collateral' && futures(o.market)) return reject('HEDGE_MODE_LOCKED');
  }
  accountOf(state.collateral, cmd.user).hedgeMode = cmd.hedgeMode;
  ctx.emit({ type: 'HedgeModeSet', user: cmd.user, hedgeMode: cmd.hedgeMode, time: ctx.time });
  return ok({ hedgeMode: cmd.hedgeMode });
}
