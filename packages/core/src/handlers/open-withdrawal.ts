import { addTo } from '../state/ledger.js';
import type { State } from '../state/state.js';
import type { User } from '../state/user.js';
import type { PendingWithdrawal } from '../state/withdrawal.js';

/** Moves a withdrawal's debit out of its user's main balance into ledger.pendingWithdrawals. */
export function openWithdrawal(state: State, user: User, withdrawal: PendingWithdrawal): void {
  addTo(user.main, withdrawal.ticker, -withdrawal.debit);
  addTo(state.ledger.pendingWithdrawals, withdrawal.ticker, withdrawal.debit);
  state.withdrawals.set(withdrawal.transactionId, withdrawal);
}
