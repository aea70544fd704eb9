import { ok, reject, type Result } from '../commands/rejection.js';
import type { SetSubAccountBlocked } from '../commands/sub-account-commands.js';
import type { State } from '../state/state.js';
import { liveSubAccountOf, subAccountView, type SubAccountView } from '../state/sub-accounts.js';

/** Blocks or unblocks a sub-account; doing what is already done is accepted and changes nothing. */
export function setSubAccountBlocked(state: State, cmd: SetSubAccountBlocked): Result<SubAccountView> {
  const sub = liveSubAccountOf(state.subAccounts, cmd.parent, cmd.id);
  if (sub === undefined) return reject('SUB_ACCOUNT_NOT_FOUND');
  sub.status = cmd.blocked ? 'blocked' : 'active';
  return ok(subAccountView(sub));
}
