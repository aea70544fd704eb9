import type { ApplyContext } from '../commands/context.js';
import type { CheckLiquidations } from '../commands/collateral-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { liquidate } from './liquidation.js';
import { liquidationState } from '../collateral/liquidation-price.js';
import { accountFigures } from '../collateral/margin.js';
import type { CollateralAccount, Position } from '../state/collateral-state.js';
import { forgetEmpty, heldPositions, positionHolders } from '../collateral/position-holders.js';
import { forgetSettled, loanHolders } from '../collateral/debtors.js';
import { canSettleDebts } from '../collateral/debt-settlement.js';
import { follows, RULES } from '../state/rules.js';
import type { State } from '../state/state.js';
import { openOrdersOf } from '../state/trading-state.js';

/**
 * Refused when no account is below its maintenance margin, or none of those has an order to cancel or
 * a position the book can take (from rules version 2), so that the checks a watcher submits after
 * every price move, and again from time to time, leave nothing in the journal unless they act.
 * Accounts are checked in name order (never in the order a map happened to be filled in, which a
 * snapshot does not keep), each against the prices the liquidations before it left.
 *
 * Only the accounts that hold a position are visited (collateral/position-holders), and from rules
 * version 3 those that owe the lending pool (collateral/debtors): on a venue of many accounts, most
 * of them hold none, and the watcher checks after every price move. The visits are those of a pass
 * over every account in name order that skips the ones holding no position (and owing nothing) when
 * their turn comes: an account that a liquidation gives a position or a loan (its resting order takes
 * the close) is visited in its turn if its name comes later and it existed when the check began.
 */
export function checkLiquidations(
  state: State,
  _cmd: CheckLiquidations,
  ctx: ApplyContext,
): Result<{ liquidated: string[] }> {
  const { accounts } = state.collateral;
  const debts = follows(state, RULES.debtsLiquidated);
  forgetEmpty(accounts);
  const holders = positionHolders(accounts);
  if (debts) forgetSettled(accounts);
  const debtors = debts ? loanHolders(accounts) : NO_NAMES;
  const madeBefore = accounts.size;
  const queued = new Set([...holders, ...debtors]);
  const queue = [...queued].sort(byName);
  const liquidated: string[] = [];
  for (let i = 0; i < queue.length; i++) {
    const name = queue[i] as string;
    const account = accounts.get(name) as CollateralAccount;
    if (account.positions.size === 0 && !(debts && account.loans.size > 0)) continue;
    if (liquidationState(accountFigures(state, name, ctx.time)) !== 'liquidation') continue;
    if (follows(state, RULES.lockedLeverage) && !canAct(state, name, account)) continue;
    const notedHolders = holders.size;
    const notedDebtors = debtors.size;
    if (liquidate(state, name, account, ctx)) liquidated.push(name);
    if (holders.size === notedHolders && debtors.size === notedDebtors) continue;
    const fresh = [...[...holders].slice(notedHolders), ...[...debtors].slice(notedDebtors)].filter(
      (n) => !queued.has(n),
    );
    for (const n of queueOpened(queue, i, fresh, accounts, madeBefore)) queued.add(n);
  }
  return liquidated.length === 0 ? reject('NOTHING_TO_LIQUIDATE') : ok({ liquidated });
}

const NO_NAMES: ReadonlySet<string> = new Set();

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The accounts that opened a position while `queue[at]` was liquidated join the rest of the queue in
 * name order: those whose names come later, and that existed when the check began (accounts are never
 * removed, so the ones made since are the last `accounts.size - madeBefore` of the map).
 */
function queueOpened(
  queue: string[],
  at: number,
  opened: readonly string[],
  accounts: ReadonlyMap<string, CollateralAccount>,
  madeBefore: number,
): readonly string[] {
  const current = queue[at] as string;
  let later = opened.filter((name) => name > current);
  if (later.length > 0 && accounts.size > madeBefore) {
    const madeSince = new Set([...accounts.keys()].slice(madeBefore));
    later = later.filter((name) => !madeSince.has(name));
  }
  if (later.length === 0) return later;
  const rest = queue
    .splice(at + 1)
    .concat(later)
    .sort(byName);
  queue.push(...rest);
  return later;
}

/**
 * Whether a perpetual position could be auto-deleveraged now: its market trades, and another account
 * holds an opposite position there.
 */
function canDeleverage(state: State, user: string, pos: Position): boolean {
  const spec = state.markets.get(pos.market);
  if (spec === undefined || spec.type !== 'futures' || !spec.tradesEnabled) return false;
  for (const [other, position] of heldPositions(state.collateral.accounts)) {
    if (other !== user && position.market === pos.market && position.size !== 0 && position.size > 0 !== pos.size > 0)
      return true;
  }
  return false;
}

/**
 * Whether liquidating an account now would change anything: an order to cancel, a position with a
 * book to close into (from rules version 3, or a perpetual one with an opposite position to
 * deleverage against), or (from version 3) with no position left, a debt it or the insurance fund can
 * pay some of.
 */
export function canAct(state: State, user: string, account: CollateralAccount): boolean {
  for (const order of openOrdersOf(state.trading, user)) if (order.account === 'collateral') return true;
  const deleveraging = follows(state, RULES.autoDeleveraging);
  for (const pos of account.positions.values()) {
    const book = state.trading.markets.get(pos.market)?.book;
    if (pos.size !== 0 && book?.best(pos.size > 0 ? 'buy' : 'sell') !== undefined) return true;
    if (deleveraging && pos.size !== 0 && canDeleverage(state, user, pos)) return true;
  }
  const owner = state.users.get(user);
  return (
    account.positions.size === 0 &&
    owner !== undefined &&
    follows(state, RULES.debtsLiquidated) &&
    canSettleDebts(state, owner, account)
  );
}
