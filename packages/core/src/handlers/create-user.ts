import type { ApplyContext } from '../commands/context.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import type { State } from '../state/state.js';
import { newUser } from '../state/user.js';

export interface CreateUser {
  readonly type: 'CreateUser';
  readonly name: string;
  /** Accounts from the European Economic Area need travel-rule data on crypto withdrawals. */
  readonly eea: boolean;
}

export function createUser(state: State, cmd: CreateUser, ctx: ApplyContext): Result<{ name: string; eea: boolean }> {
  if (state.users.has(cmd.name)) return reject('USER_EXISTS', { user: cmd.name });
  state.users.set(cmd.name, newUser(state.nextUserId++, cmd.name, cmd.eea));
  ctx.emit({ type: 'UserCreated', user: cmd.name, eea: cmd.eea });
  return ok({ name: cmd.name, eea: cmd.eea });
}
