import { RATE_SCALE } from '../money/rate.js';
import type { MarketSpec } from '../spec/market.js';
import { addTo } from '../state/ledger.js';
import type { State } from '../state/state.js';
import type { User } from '../state/user.js';
import { accountOf, type CollateralAccount, type CollateralState, type Loan } from '../state/collateral-state.js';
import { noteLoanTaken } from './debtors.js';
import { assetValue, divide } from './valuation.js';

export const DAY_MICROS = 86_400_000_000n;
/** Divides a loan's exact interest into value units. */
const INTEREST_DIVISOR = RATE_SCALE * DAY_MICROS;

export function dailyRate(spec: MarketSpec, ticker: string): bigint {
  return spec.margin?.borrowRates.find((r) => r.ticker === ticker)?.dailyRate ?? 0n;
}

/** The interest a loan will have accrued by `now` (exact; see Loan), without changing it. */
export function interestAt(state: State, spec: MarketSpec, loan: Loan, now: number): bigint {
  if (now <= loan.accruedAt) return loan.interest;
  const dt = BigInt(now - loan.accruedAt);
  let interest = loan.interest;
  for (const [ticker, principal] of loan.principal) {
    const rate = dailyRate(spec, ticker);
    if (principal === 0n || rate === 0n) continue;
    interest += (assetValue(state, ticker, principal) ?? 0n) * rate * dt;
  }
  return interest;
}

/** Interest as a value (10^-VALUE_DECIMALS USDT), rounded up. */
export function interestValue(interest: bigint): bigint {
  return divide(interest, INTEREST_DIVISOR, true);
}

/** Interest due in minor units of the market's money asset, rounded up (0 without an index). */
export function interestDue(state: State, spec: MarketSpec, interest: bigint): bigint {
  const unit = assetValue(state, spec.money, 1n);
  if (interest === 0n || unit === undefined) return 0n;
  return divide(interest, INTEREST_DIVISOR * unit, true);
}

export function accrue(state: State, spec: MarketSpec, loan: Loan, now: number): void {
  loan.interest = interestAt(state, spec, loan, now);
  if (now > loan.accruedAt) loan.accruedAt = now;
}

/** The account's loan on a market, made (and its owner noted among the debtors) on first use. */
export function loanOf(collateral: CollateralState, user: string, market: string, now: number): Loan {
  const account = accountOf(collateral, user);
  let loan = account.loans.get(market);
  if (loan === undefined) {
    loan = { principal: new Map(), interest: 0n, accruedAt: now };
    account.loans.set(market, loan);
    noteLoanTaken(collateral.accounts, user);
  }
  return loan;
}

/** Lends `amount` of `ticker` from the pool to the account, on the market's loan. */
export function borrow(state: State, spec: MarketSpec, loan: Loan, ticker: string, amount: bigint, now: number): void {
  if (amount === 0n) return;
  accrue(state, spec, loan, now);
  addTo(loan.principal, ticker, amount);
  addTo(state.ledger.lendingPool, ticker, -amount);
}

/**
 * Pays the interest accrued on a market's loan, in the market's money asset, into the lending pool:
 * out of the account's available money, and what that does not cover is added to the loan
 * (borrowed and paid at once, so the pool's cash does not change). Returns what was paid.
 */
export function payInterest(state: State, user: User, spec: MarketSpec, loan: Loan, now: number): bigint {
  accrue(state, spec, loan, now);
  const due = interestDue(state, spec, loan.interest);
  loan.interest = 0n;
  if (due === 0n) return 0n;
  const available = user.collateral.get(spec.money) ?? 0n;
  const cash = available < due ? available : due;
  if (cash > 0n) {
    addTo(user.collateral, spec.money, -cash);
    addTo(state.ledger.lendingPool, spec.money, cash);
  }
  if (due > cash) addTo(loan.principal, spec.money, due - cash);
  return due;
}

/** Repays what it can of a loan's principal (of one asset, or all) out of the account's available balances. */
export function repayFromAvailable(
  state: State,
  user: User,
  spec: MarketSpec,
  loan: Loan,
  now: number,
  only?: string,
): void {
  for (const [ticker, principal] of loan.principal) {
    if (only !== undefined && ticker !== only) continue;
    const available = user.collateral.get(ticker) ?? 0n;
    const paid = principal < available ? principal : available;
    if (paid === 0n) continue;
    accrue(state, spec, loan, now);
    addTo(user.collateral, ticker, -paid);
    if (principal === paid) loan.principal.delete(ticker);
    else loan.principal.set(ticker, principal - paid);
    addTo(state.ledger.lendingPool, ticker, paid);
  }
}

/** Forgets a market's loan once nothing is owed on it. */
export function dropIfSettled(account: CollateralAccount, market: string): void {
  const loan = account.loans.get(market);
  if (loan === undefined || loan.interest !== 0n) return;
  for (const v of loan.principal.values()) if (v !== 0n) return;
  account.loans.delete(market);
}

/** The lending pool's cash that no open order has set aside. */
export function poolFree(state: State, ticker: string): bigint {
  return (state.ledger.lendingPool.get(ticker) ?? 0n) - (state.collateral.poolReserved.get(ticker) ?? 0n);
}

/**
 * Takes `amount` out of an account's available balance; what it does not cover is lent by the pool
 * on the market's loan. Fees and realized losses of perpetuals are settled this way: a fill cannot
 * be refused, so should the pool lack the cash it is overdrawn (see docs/decisions.md).
 */
export function takeOrBorrow(state: State, user: User, spec: MarketSpec, amount: bigint, now: number): void {
  const available = user.collateral.get(spec.money) ?? 0n;
  const cash = available < amount ? available : amount;
  if (cash > 0n) addTo(user.collateral, spec.money, -cash);
  if (amount > cash) {
    borrow(state, spec, loanOf(state.collateral, user.name, spec.name, now), spec.money, amount - cash, now);
  }
}
