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
  for (const [name, account] of accountsByName(state.collateral.accounts)) {
    if (account.positions.size === 0) continue;
    if (liquidationState(accountFigures(state, name, ctx.time)) !== 'liquidation') continue;
    if (follows(state, RULES.lockedLeverage) && !canAct(state, name, account)) continue;
    if (liquidate(state, name, account, ctx)) liquidated.push(name);
  }
  return liquidated.length === 0 ? reject('NOTHING_TO_LIQUIDATE') : ok({ liquidated });
}

type NamedAccount = readonly [name: string, account: CollateralAccount];

/** The accounts sorted by name, by the map that holds them: kept from one check to the next. */
const sortedAccounts = new WeakMap<ReadonlyMap<string, CollateralAccount>, readonly NamedAccount[]>();

/**
 * Every collateral account with its name, in name order. The watcher checks after every price move,
 * and on a venue of many accounts, most of them without a position, sorting every name and looking
 * each one up again cost more than the check itself. Accounts are never removed and a name keeps its
 * account object, so the list kept from the last check holds as long as the number of accounts is
 * the same. Accounts made while a check runs wait for the next one, as before.
 */
function accountsByName(accounts: ReadonlyMap<string, CollateralAccount>): readonly NamedAccount[] {
  let sorted = sortedAccounts.get(accounts);
  if (sorted === undefined || sorted.length !== accounts.size) {
    sorted = [...accounts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    sortedAccounts.set(accounts, sorted);
  }
  return sorted;
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
