import type { ApplyContext } from '../commands/context.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { liquidate } from '../collateral/liquidation.js';
import { liquidationState } from '../collateral/liquidation-price.js';
import { accountFigures } from '../collateral/margin.js';
import type { CollateralAccount } from '../collateral/collateral-state.js';
import { follows, RULES } from '../state/rules.js';
import type { State } from '../state/state.js';
import { openOrdersOf } from '../trading/trading-state.js';

/** Liquidates every account whose equity is below its maintenance margin at the mark prices now. */
export interface CheckLiquidations {
  readonly type: 'CheckLiquidations';
}

/**
 * Refused when no account is below its maintenance margin, or none of those has an order to cancel or
 * a position the book can take (from rules version 2), so that the checks a watcher submits after
 * every price move, and again from time to time, leave nothing in the journal unless they act.
 * Accounts are checked in name order (never in the order a map happened to be filled in, which a
 * snapshot does not keep), each against the prices the liquidations before it left.
 */
export function checkLiquidations(
  state: State,
  _cmd: CheckLiquidations,
  ctx: ApplyContext,
): Result<{ liquidated: string[] }> {
  const liquidated: string[] = [];
  const names = [...state.collateral.accounts.keys()].sort();
  for (const name of names) {
    const account = state.collateral.accounts.get(name);
    if (account === undefined || account.positions.size === 0) continue;
    if (liquidationState(accountFigures(state, name, ctx.time)) !== 'liquidation') continue;
    if (follows(state, RULES.lockedLeverage) && !canAct(state, name, account)) continue;
    if (liquidate(state, name, account, ctx)) liquidated.push(name);
  }
  return liquidated.length === 0 ? reject('NOTHING_TO_LIQUIDATE') : ok({ liquidated });
}

/** Whether liquidating an account now would change anything: an order to cancel, or a position with a book to close into. */
function canAct(state: State, user: string, account: CollateralAccount): boolean {
  for (const o of openOrdersOf(state.trading, user)) if (o.account === 'collateral') return true;
  for (const pos of account.positions.values()) {
    const book = state.trading.markets.get(pos.market)?.book;
    if (pos.size !== 0 && book?.best(pos.size > 0 ? 'buy' : 'sell') !== undefined) return true;
  }
  return false;
}
