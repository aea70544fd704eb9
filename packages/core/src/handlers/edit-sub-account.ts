import { ok, reject, type Result } from '../commands/rejection.js';
import { SUB_ACCOUNT_ALIAS_MAX, type EditSubAccount } from '../commands/sub-account-commands.js';
import type { State } from '../state/state.js';
import { aliasTaken, liveSubAccountOf, subAccountView, type SubAccountView } from '../state/sub-accounts.js';

/** Renames a sub-account and sets its permissions; the alias stays unique among the parent's. */
export function editSubAccount(state: State, cmd: EditSubAccount): Result<SubAccountView> {
  const sub = liveSubAccountOf(state.subAccounts, cmd.parent, cmd.id);
  if (sub === undefined) return reject('SUB_ACCOUNT_NOT_FOUND');
  if (cmd.alias === '' || cmd.alias.length > SUB_ACCOUNT_ALIAS_MAX)
    return reject('INVALID_ARGUMENT', { field: 'alias' });
  if (aliasTaken(state.subAccounts, cmd.parent, cmd.alias, cmd.id)) return reject('SUB_ACCOUNT_ALIAS_TAKEN');
  sub.alias = cmd.alias;
  sub.spotEnabled = cmd.spotEnabled;
  sub.collateralEnabled = cmd.collateralEnabled;
  return ok(subAccountView(sub));
}
