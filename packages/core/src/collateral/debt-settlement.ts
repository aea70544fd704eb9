import { addTo } from '../state/ledger.js';
import type { State } from '../state/state.js';
import type { User } from '../state/user.js';
import type { CollateralAccount } from '../state/collateral-state.js';
import { dropIfSettled, payInterest, repayFromAvailable } from './loans.js';
import { assetValue, divide } from './valuation.js';

const byTicker = (a: readonly [string, bigint], b: readonly [string, bigint]): number =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;

/**
 * Repays up to `owed` minor units of `ticker` in kind: the account's other assets, in ticker order,
 * go to the lending pool at their index prices, each part rounded up in the pool's favour. Returns
 * the principal repaid.
 */
function repayInKind(state: State, user: User, ticker: string, owed: bigint): bigint {
  const unit = assetValue(state, ticker, 1n);
  if (unit === undefined || unit === 0n) return 0n;
  let due = owed * unit;
  for (const [other, available] of [...user.collateral].sort(byTicker)) {
    if (other === ticker || available <= 0n) continue;
    const otherUnit = assetValue(state, other, 1n);
    if (otherUnit === undefined || otherUnit === 0n) continue;
    const want = divide(due, otherUnit, true);
    const taken = want < available ? want : available;
    addTo(user.collateral, other, -taken);
    addTo(state.ledger.lendingPool, other, taken);
    due -= taken * otherUnit;
    if (due <= 0n) return owed;
  }
  return owed - divide(due, unit, true);
}

/**
 * What a liquidated account with no position left still owes the lending pool is settled (rules
 * version 3): loan by loan in market order, its interest paid, then asset by asset in ticker order,
 * out of the account's own balance of the asset owed, then in kind (its other assets at index
 * prices), then by the insurance fund as far as the fund holds that asset — it never goes below
 * zero. What none of them covers stays owed, for the fund to pay when it can. The fund's payments
 * are added to `moves` (negative).
 */
export function settleDebts(
  state: State,
  user: User,
  account: CollateralAccount,
  now: number,
  moves: Map<string, bigint>,
): void {
  for (const market of [...account.loans.keys()].sort()) {
    const loan = account.loans.get(market);
    const spec = state.markets.get(market);
    if (loan === undefined || spec === undefined) continue;
    payInterest(state, user, spec, loan, now);
    repayFromAvailable(state, user, spec, loan, now);
    for (const ticker of [...loan.principal.keys()].sort()) {
      let owed = loan.principal.get(ticker) ?? 0n;
      if (owed <= 0n) continue;
      owed -= repayInKind(state, user, ticker, owed);
      const fund = state.ledger.insuranceFund.get(ticker) ?? 0n;
      const covered = fund <= 0n ? 0n : fund < owed ? fund : owed;
      if (covered > 0n) {
        addTo(state.ledger.insuranceFund, ticker, -covered);
        addTo(state.ledger.lendingPool, ticker, covered);
        moves.set(ticker, (moves.get(ticker) ?? 0n) - covered);
        owed -= covered;
      }
      if (owed === 0n) loan.principal.delete(ticker);
      else loan.principal.set(ticker, owed);
    }
    dropIfSettled(account, market);
  }
}

/**
 * Whether settling an account's debts could do anything now: something is owed, and the account
 * holds some asset to pay with or the insurance fund holds some of what is owed.
 */
export function canSettleDebts(state: State, user: User, account: CollateralAccount): boolean {
  let holds = false;
  for (const available of user.collateral.values()) if (available > 0n) holds = true;
  for (const loan of account.loans.values()) {
    for (const [ticker, principal] of loan.principal) {
      if (principal <= 0n) continue;
      if (holds || (state.ledger.insuranceFund.get(ticker) ?? 0n) > 0n) return true;
    }
  }
  return false;
}
