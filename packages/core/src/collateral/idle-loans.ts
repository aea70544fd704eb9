import type { State } from '../state/state.js';
import type { User } from '../state/user.js';
import { dropIfSettled, payInterest, repayFromAvailable } from './loans.js';

/**
 * A market's loan the account still owes without a position there (a loss its money did not cover,
 * or an asset borrowed while its own was held by another order) pays the interest it accrued (what
 * the account's money does not cover joins the loan) and is repaid out of what the account holds
 * available, of every asset or of `only` (nothing when it owes none of `only`). Nothing happens while
 * the account holds a position on the market: its changes repay its loan.
 */
export function repayIdleLoan(state: State, user: User, market: string, now: number, only?: string): void {
  const account = state.collateral.accounts.get(user.name);
  const loan = account?.loans.get(market);
  const spec = state.markets.get(market);
  if (account === undefined || loan === undefined || spec === undefined) return;
  if (only !== undefined && (loan.principal.get(only) ?? 0n) === 0n) return;
  for (const position of account.positions.values()) if (position.market === market) return;
  payInterest(state, user, spec, loan, now);
  repayFromAvailable(state, user, spec, loan, now, only);
  dropIfSettled(account, market);
}

/** Whether the account holds available any asset its loan on `market` owes. */
export function canRepay(state: State, user: User, market: string): boolean {
  const loan = state.collateral.accounts.get(user.name)?.loans.get(market);
  if (loan === undefined) return false;
  for (const [ticker, principal] of loan.principal) {
    if (principal !== 0n && (user.collateral.get(ticker) ?? 0n) > 0n) return true;
  }
  return false;
}
