import type { ApplyContext } from '../commands/context.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { SUB_ACCOUNT_ALIAS_MAX, type CreateSubAccount } from '../commands/sub-account-commands.js';
import type { State } from '../state/state.js';
import {
  aliasTaken,
  SUB_ACCOUNT_COLORS,
  subAccountView,
  type SubAccount,
  type SubAccountView,
} from '../state/sub-accounts.js';
import { newUser } from '../state/user.js';

/** Opens a sub-account: its own user, named by its id, with the parent's residence. */
export function createSubAccount(state: State, cmd: CreateSubAccount, ctx: ApplyContext): Result<SubAccountView> {
  const parent = state.users.get(cmd.parent);
  if (parent === undefined) return reject('UNKNOWN_USER', { user: cmd.parent });
  // one level only: a sub-account manages no sub-accounts of its own
  if (state.subAccounts.has(cmd.parent)) return reject('SUB_ACCOUNT_NOT_PERMITTED');
  if (cmd.id === '' || state.users.has(cmd.id)) return reject('USER_EXISTS', { user: cmd.id });
  if (cmd.alias === '' || cmd.alias.length > SUB_ACCOUNT_ALIAS_MAX)
    return reject('INVALID_ARGUMENT', { field: 'alias' });
  if (aliasTaken(state.subAccounts, cmd.parent, cmd.alias)) return reject('SUB_ACCOUNT_ALIAS_TAKEN');
  if (cmd.email === null && !cmd.shareKyc) return reject('INVALID_ARGUMENT', { field: 'email' });
  const sub: SubAccount = {
    id: cmd.id,
    parent: cmd.parent,
    alias: cmd.alias,
    email: cmd.email,
    shareKyc: cmd.shareKyc,
    spotEnabled: cmd.spotEnabled,
    collateralEnabled: cmd.collateralEnabled,
    status: 'active',
    color: SUB_ACCOUNT_COLORS[state.subAccounts.size % SUB_ACCOUNT_COLORS.length] ?? '#FF5733',
    createdAt: ctx.time,
    transfers: [],
  };
  state.users.set(cmd.id, newUser(state.nextUserId++, cmd.id, parent.eea));
  state.subAccounts.set(cmd.id, sub);
  ctx.emit({ type: 'UserCreated', user: cmd.id, eea: parent.eea });
  return ok(subAccountView(sub));
}
