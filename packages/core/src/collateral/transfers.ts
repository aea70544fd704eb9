import type { State } from '../state/state.js';
import type { User } from '../state/user.js';
import { openOrdersOf } from '../state/trading-state.js';
import { repayIdleLoan } from './idle-loans.js';
import { accountFigures, type AccountFigures } from './margin.js';
import { assetValue } from './valuation.js';

/**
 * What may leave the collateral account of an asset: its available balance, as far as what stays
 * keeps the equity at or above the margin of positions and open orders (`figures`: the account's at
 * `now`, when the caller has them already).
 */
export function withdrawable(state: State, user: User, ticker: string, now: number, figures?: AccountFigures): bigint {
  const available = user.collateral.get(ticker) ?? 0n;
  const account = state.collateral.accounts.get(user.name);
  const busy =
    account !== undefined &&
    (account.positions.size > 0 ||
      account.loans.size > 0 ||
      openOrdersOf(state.trading, user.name).some((order) => order.account === 'collateral'));
  const unit = assetValue(state, ticker, 1n);
  if (!busy || unit === undefined) return available;
  const { equity, margin } = figures ?? accountFigures(state, user.name, now);
  const free = equity - margin;
  if (free <= 0n) return 0n;
  const most = free / unit;
  return most < available ? most : available;
}

/**
 * Money arriving in the collateral account repays what the account still owes of it on markets
 * where it holds no position any more (a loss its money did not cover when the position closed);
 * loans behind open positions are repaid by their positions' own changes.
 */
export function repayOnArrival(state: State, user: User, ticker: string, now: number): void {
  const account = state.collateral.accounts.get(user.name);
  if (account === undefined) return;
  for (const market of [...account.loans.keys()]) repayIdleLoan(state, user, market, now, ticker);
}
