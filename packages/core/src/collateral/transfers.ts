import type { State } from '../state/state.js';
import type { User } from '../state/user.js';
import { openOrdersOf } from '../state/trading-state.js';
import { repayIdleLoan } from './idle-loans.js';
import { accountFigures, unitsFor, type AccountFigures } from './margin.js';
import { follows, RULES } from '../state/rules.js';
import { assetValue } from './valuation.js';

/**
 * The stock that long positions on margin pairs hold of `ticker` in the available balance: the
 * positions themselves, less what the account's own sells there hold already (out of the available
 * balance). Were it to leave, a position would count stock the account does not hold, and closing it
 * would borrow what is missing (from rules 6 it stays).
 */
function positionStock(state: State, user: string, ticker: string): bigint {
  let stock = 0n;
  for (const pos of state.collateral.accounts.get(user)?.positions.values() ?? []) {
    const spec = state.markets.get(pos.market);
    if (pos.size <= 0 || spec === undefined || spec.type !== 'spot' || spec.stock !== ticker) continue;
    let free = BigInt(pos.size) * unitsFor(state, spec).lot;
    for (const order of openOrdersOf(state.trading, user)) {
      if (order.account !== 'collateral' || order.market !== pos.market || order.side !== 'sell') continue;
      free -= order.hold - (state.collateral.poolHolds.get(order.id) ?? 0n);
    }
    if (free > 0n) stock += free;
  }
  return stock;
}

/**
 * What may leave the collateral account of an asset: its available balance beyond the stock of long
 * margin positions, as far as what stays keeps the equity at or above the margin of positions and
 * open orders (`figures`: the account's at `now`, when the caller has them already).
 */
export function withdrawable(state: State, user: User, ticker: string, now: number, figures?: AccountFigures): bigint {
  let available = user.collateral.get(ticker) ?? 0n;
  if (follows(state, RULES.positionStockStays)) available -= positionStock(state, user.name, ticker);
  if (available <= 0n) return 0n;
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
