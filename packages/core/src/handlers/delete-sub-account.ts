import { ok, reject, type Result } from '../commands/rejection.js';
import type { DeleteSubAccount } from '../commands/sub-account-commands.js';
import type { State } from '../state/state.js';
import { follows, RULES } from '../state/rules.js';
import { liveSubAccountOf } from '../state/sub-accounts.js';
import { openOrdersOf } from '../state/trading-state.js';
import type { User } from '../state/user.js';

/**
 * Whether a user holds anything a deletion would strand: a balance, an order, a position, a
 * withdrawal, and from rules 5 a debt to the lending pool.
 */
function holdsAnything(state: State, user: User): boolean {
  for (const v of user.main.values()) if (v !== 0n) return true;
  for (const b of user.spot.values()) if (b.available !== 0n || b.freeze !== 0n) return true;
  for (const v of user.collateral.values()) if (v !== 0n) return true;
  if (openOrdersOf(state.trading, user.name).length > 0) return true;
  const account = state.collateral.accounts.get(user.name);
  if ((account?.positions.size ?? 0) > 0) return true;
  if (follows(state, RULES.deletedSubAccountsClosed) && (account?.loans.size ?? 0) > 0) return true;
  for (const w of state.withdrawals.values()) if (w.user === user.name) return true;
  for (const w of state.heldWithdrawals.values()) if (w.user === user.name) return true;
  return false;
}

/**
 * Deletes a sub-account that holds nothing, so no funds are ever left where no one can reach
 * them. Its user and history stay in the state; it no longer counts among the parent's.
 */
export function deleteSubAccount(state: State, cmd: DeleteSubAccount): Result<{ id: string }> {
  const sub = liveSubAccountOf(state.subAccounts, cmd.parent, cmd.id);
  const user = state.users.get(cmd.id);
  if (sub === undefined || user === undefined) return reject('SUB_ACCOUNT_NOT_FOUND');
  if (holdsAnything(state, user)) return reject('SUB_ACCOUNT_NOT_EMPTY');
  sub.status = 'deleted';
  return ok({ id: sub.id });
}
