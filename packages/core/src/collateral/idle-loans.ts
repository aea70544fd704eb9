import type { State } from '../state/state.js';
import type { User } from '../state/user.js';
import { dropIfSettled, payInterest, repayFromAvailable } from './loans.js';

/**
 * A market's loan the account still owes without a position there (a loss its money did not cover,
 * or an asset borrowed while its own was held by another order) is repaid out of what the account
 * now holds available: first the interest it accrued, then the principal, of every asset or of
 * `only`. Nothing happens while the account holds a position on the market (its changes repay its
 * loan) or nothing available could repay it.
 */
export function repayIdleLoan(state: State, user: User, market: string, now: number, only?: string): void {
  const account = state.collateral.accounts.get(user.name);
  const loan = account?.loans.get(market);
  const spec = state.markets.get(market);
  if (account === undefined || loan === undefined || spec === undefined) return;
  const owed = [...loan.principal].filter(([ticker, principal]) => principal !== 0n && (only ?? ticker) === ticker);
  if (!owed.some(([ticker]) => (user.collateral.get(ticker) ?? 0n) > 0n)) return;
  for (const position of account.positions.values()) if (position.market === market) return;
  payInterest(state, user, spec, loan, now);
  repayFromAvailable(state, user, spec, loan, now, only);
  dropIfSettled(account, market);
}
